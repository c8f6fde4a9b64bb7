/**
 * What the floating task window shows (ADR 0010), rendered through a portal from the tab's own
 * store: during the analysis the recording indicator and 'Duración', the offline note, the current
 * step with its links, and 'Anterior' / 'Siguiente' / 'Finish Analysis'; if the recording stopped,
 * that it stopped; at the end, thanks and a button to close the window.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { DeviceNotes, RecordingStatus } from '@/features/participate/components/recording-panel';
import { QuestionScreen } from '@/features/participate/components/question-screen';
import { StepContent, StepTitle } from '@/features/participate/components/step-content';
import { FinishNotes, StepNavigation } from '@/features/participate/components/step-navigation';
import { useStepFocus } from '@/features/participate/hooks/use-step-focus';
import { resetAtom } from '@/features/participate/stores/exit-actions';
import { closeFloatingWindowAtom } from '@/features/participate/stores/floating-window';
import {
  overlayAtom,
  promptAtom,
  recordingAtom,
  stageAtom,
  stepperAtom,
} from '@/features/participate/stores/participation-state';

function FloatingTasks() {
  const { t } = useTranslation();
  const stepper = useAtomValue(stepperAtom);
  const asking = useAtomValue(promptAtom) !== null;
  const heading = useStepFocus(stepper.index, asking);
  if (!stepper.step) return null;
  return (
    <main className="floating" aria-labelledby={asking ? 'question-screen-title' : 'floating-step-title'}>
      <div className="floating__status">
        <RecordingStatus />
        <DeviceNotes />
      </div>
      <p className="stepper__count" aria-live="polite">
        {t('participate.stepper.stepOf', { current: stepper.current, total: stepper.total })}
      </p>
      {asking ? (
        <QuestionScreen headingLevel={1} />
      ) : (
        <>
          <h1 id="floating-step-title" className="step__title floating__title" ref={heading} tabIndex={-1}>
            <StepTitle step={stepper.step} />
          </h1>
          <StepContent step={stepper.step} />
          <FinishNotes />
          <StepNavigation />
        </>
      )}
    </main>
  );
}

function FloatingMessage({
  title,
  body,
  action,
}: {
  title: string;
  body: string;
  action: { label: string; onClick: () => void };
}) {
  return (
    <main className="floating floating--message" aria-labelledby="floating-message-title">
      <h1 id="floating-message-title" className="floating__title">
        {title}
      </h1>
      <p>{body}</p>
      <button type="button" className="button button--primary" onClick={action.onClick}>
        {action.label}
      </button>
    </main>
  );
}

export function FloatingPanel() {
  const { t } = useTranslation();
  const stage = useAtomValue(stageAtom);
  const overlay = useAtomValue(overlayAtom);
  const { uploadStatus } = useAtomValue(recordingAtom);
  const close = useSetAtom(closeFloatingWindowAtom);
  const reset = useSetAtom(resetAtom);

  if (stage === 'done' || uploadStatus === 'success') {
    return (
      <FloatingMessage
        title={t('participate.thanks.title')}
        body={t('participate.floating.doneBody')}
        action={{ label: t('participate.floating.closeWindow'), onClick: () => close() }}
      />
    );
  }
  if (overlay === 'stopped') {
    return (
      <FloatingMessage
        title={t('participate.stopped.title')}
        body={t('participate.stopped.body')}
        action={{ label: t('participate.stopped.exit'), onClick: () => reset() }}
      />
    );
  }
  return <FloatingTasks />;
}
