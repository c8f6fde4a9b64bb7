/**
 * The analysis stepper (product §2.4): 'Step X of N', a percent bar, the current step, and the
 * controls with the finish notes (step-navigation). Focus moves to the new step's heading so
 * screen readers follow along, whether the step changed here or in the floating window. When the
 * analysis asks questions (ADR 0012), their screen takes the step's place until answered.
 */
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { FloatingTasksControl } from '@/features/participate/components/floating-tasks-control';
import { StepContent, StepTitle } from '@/features/participate/components/step-content';
import { FinishNotes, StepNavigation } from '@/features/participate/components/step-navigation';
import { QuestionScreen } from '@/features/participate/components/question-screen';
import { useStepFocus } from '@/features/participate/hooks/use-step-focus';
import { promptAtom, stepperAtom } from '@/features/participate/stores/participation-state';

export function Stepper() {
  const { t } = useTranslation();
  const stepper = useAtomValue(stepperAtom);
  const asking = useAtomValue(promptAtom) !== null;
  const headingRef = useStepFocus(stepper.index, asking);

  if (!stepper.step) return null;
  const counter = t('participate.stepper.stepOf', { current: stepper.current, total: stepper.total });

  return (
    <section className="stepper card card--snug participate-card" aria-label={t('participate.stepper.label')}>
      <div className="stepper__head">
        <p className="stepper__count" data-testid="stepper-count">
          {counter}
        </p>
        <p className="stepper__percent" aria-hidden="true">
          {stepper.percent}%
        </p>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label={t('participate.stepper.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={stepper.percent}
        aria-valuetext={`${counter} (${stepper.percent}%)`}
      >
        <div className="progress__fill" style={{ width: `${stepper.percent}%` }} />
      </div>

      {asking ? (
        <QuestionScreen />
      ) : (
        <>
          <article className="step" aria-labelledby="participate-step-title">
            <h2 id="participate-step-title" className="step__title" ref={headingRef} tabIndex={-1}>
              <StepTitle step={stepper.step} />
            </h2>
            <StepContent step={stepper.step} />
          </article>

          <FinishNotes />
          <StepNavigation />
        </>
      )}
      <FloatingTasksControl />
    </section>
  );
}
