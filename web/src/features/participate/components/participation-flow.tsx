/**
 * The participation flow (spec §2, §4): shows the current stage and the modal over it, and owns
 * the page-level effects: asking on arrival whether this browser has an unfinished participation
 * (ADR 0005), the recorder timer, the warning before closing the tab (or leaving the page) while
 * recording or uploading, and releasing the screen, microphone and recorder when the page goes
 * away. Closing or reloading the tab is not leaving: the participation can be resumed for 24 h.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useBlocker, useParams } from 'react-router';
import { AnalysisStep } from '@/features/participate/components/analysis-step';
import { FloatingWindowHost } from '@/features/participate/components/floating-window-host';
import { ConsentModal, ExitModal, StoppedModal, SuccessModal } from '@/features/participate/components/flow-modals';
import { InputStep } from '@/features/participate/components/input-step';
import { PermissionsStep } from '@/features/participate/components/permissions-step';
import { CheckingNotice, ResumeNotice } from '@/features/participate/components/resume-notice';
import { ThankYou } from '@/features/participate/components/thank-you';
import {
  acceptConsentAtom,
  cancelExitAtom,
  checkUnfinishedAtom,
  confirmExitAtom,
  disposeAtom,
  refreshRecordingAtom,
  rejectConsentAtom,
  resetAtom,
  showThankYouAtom,
} from '@/features/participate/stores/participation-actions';
import { cameraAtom } from '@/features/participate/stores/camera-state';
import {
  busyAtom,
  overlayAtom,
  recordingAtom,
  stageAtom,
  unsavedWorkAtom,
} from '@/features/participate/stores/participation-state';

/** How often the 'Duración' timer reads the recorder, besides its own change events. */
const TIMER_TICK_MS = 500;

function usePageEffects(linkedId: string) {
  const stage = useAtomValue(stageAtom);
  const phase = useAtomValue(recordingAtom).phase;
  const unsaved = useAtomValue(unsavedWorkAtom);
  const refresh = useSetAtom(refreshRecordingAtom);
  const dispose = useSetAtom(disposeAtom);
  const check = useSetAtom(checkUnfinishedAtom);

  useEffect(() => () => dispose(), [dispose]);
  useEffect(() => {
    void check(linkedId);
  }, [check, linkedId]);

  useEffect(() => {
    if (stage !== 'analysis' || phase !== 'recording') return undefined;
    const timer = setInterval(() => refresh(), TIMER_TICK_MS);
    return () => clearInterval(timer);
  }, [stage, phase, refresh]);

  useEffect(() => {
    if (!unsaved) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their own "leave site?" prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  return unsaved;
}

/** After a stage change (not on the first render) focus goes to the new stage's heading. */
function useFocusOnStageChange(stage: string) {
  const container = useRef<HTMLDivElement>(null);
  const previous = useRef(stage);
  useEffect(() => {
    if (previous.current === stage) return;
    previous.current = stage;
    container.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [stage]);
  return container;
}

export function ParticipationFlow() {
  const { id = '' } = useParams();
  const stage = useAtomValue(stageAtom);
  const overlay = useAtomValue(overlayAtom);
  const busy = useAtomValue(busyAtom);
  const cameraRecorded = useAtomValue(cameraAtom).recorded;
  const accept = useSetAtom(acceptConsentAtom);
  const reject = useSetAtom(rejectConsentAtom);
  const cancelExit = useSetAtom(cancelExitAtom);
  const confirmExit = useSetAtom(confirmExitAtom);
  const reset = useSetAtom(resetAtom);
  const thankYou = useSetAtom(showThankYouAtom);
  const unsaved = usePageEffects(id);
  const container = useFocusOnStageChange(stage);
  // Leaving through a link mid-analysis asks first, like 'Salir del análisis'.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname);

  return (
    <div className="participate" ref={container}>
      {stage === 'checking' ? <CheckingNotice /> : null}
      {stage === 'resume' ? <ResumeNotice /> : null}
      {stage === 'input' ? <InputStep initialId={id} /> : null}
      {stage === 'permissions' ? <PermissionsStep /> : null}
      {stage === 'analysis' ? <AnalysisStep /> : null}
      {stage === 'done' ? <ThankYou /> : null}
      <FloatingWindowHost />

      {overlay === 'consent' ? (
        <ConsentModal busy={busy === 'participate'} camera={cameraRecorded} onAccept={() => void accept()} onReject={() => reject()} />
      ) : null}
      {overlay === 'exit' ? (
        <ExitModal busy={busy === 'exit'} onConfirm={() => void confirmExit()} onCancel={() => cancelExit()} />
      ) : null}
      {blocker.state === 'blocked' && overlay !== 'exit' ? (
        <ExitModal
          busy={busy === 'exit'}
          onConfirm={() => void confirmExit().then(() => blocker.proceed?.())}
          onCancel={() => blocker.reset?.()}
        />
      ) : null}
      {overlay === 'stopped' ? <StoppedModal onExit={() => reset()} /> : null}
      {overlay === 'success' ? <SuccessModal onDone={() => thankYou()} /> : null}
    </div>
  );
}
