/**
 * The participation flow (product §2, §4): shows the current stage and the modal over it, and owns
 * the page-level effects: asking on arrival whether this browser has an unfinished participation
 * (ADR 0005), the recorder timer, the warning before closing the tab (or leaving the page) while
 * recording or uploading, and releasing the screen, microphone and recorder when the page goes
 * away. Closing or reloading the tab is not leaving: the participation can be resumed for 24 h.
 *
 * The steps that record (permissions, the analysis with its floating window) load when the flow
 * reaches them, not with the input step (ADR 0011): most of what a recording needs is downloaded
 * while the participant reads the permissions step.
 */
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { InputStep } from '@/features/participate/components/input-step';
import {
  loadAnalysisStep,
  loadFloatingWindowHost,
  loadFlowModals,
  loadPermissionActions,
  loadPermissionsStep,
  loadRecordingActions,
} from '@/features/participate/components/recording-steps';
import { PageLoader } from '@/components/page-loader';
import { CheckingNotice, ResumeNotice } from '@/features/participate/components/resume-notice';
import { ThankYou } from '@/features/participate/components/thank-you';
import { useLeaveGuard } from '@/features/participate/hooks/use-leave-guard';
import { sessionTokenFrom } from '@/features/participate/lib/session-link';
import { checkUnfinishedAtom } from '@/features/participate/stores/entry-actions';
import {
  cancelExitAtom,
  confirmExitAtom,
  disposeAtom,
  resetAtom,
  showThankYouAtom,
} from '@/features/participate/stores/exit-actions';
import { cameraAtom } from '@/features/participate/stores/camera-state';
import {
  busyAtom,
  overlayAtom,
  recordingAtom,
  stageAtom,
  type Stage,
  unsavedWorkAtom,
} from '@/features/participate/stores/participation-state';

const PermissionsStep = lazy(() => loadPermissionsStep().then((m) => ({ default: m.PermissionsStep })));
const AnalysisStep = lazy(() => loadAnalysisStep().then((m) => ({ default: m.AnalysisStep })));
// Only studies with a screener show these (ADR 0017): out of the input step's first download.
const ScreenerStep = lazy(() =>
  import('@/features/participate/components/screener-step').then((m) => ({ default: m.ScreenerStep })),
);
const ScreenedOut = lazy(() =>
  import('@/features/participate/components/screener-step').then((m) => ({ default: m.ScreenedOut })),
);
// Only studies with questions before the tasks show this one (issue 45).
const EarlyQuestionsStep = lazy(() =>
  import('@/features/participate/components/early-questions-step').then((m) => ({ default: m.EarlyQuestionsStep })),
);
/** The steps loaded on demand, each behind its own loader. */
const LAZY_STEPS: Partial<Record<Stage, ComponentType>> = {
  screener: ScreenerStep,
  'screened-out': ScreenedOut,
  questions: EarlyQuestionsStep,
  permissions: PermissionsStep,
  analysis: AnalysisStep,
};
// A moderated session's call (issue 49): only links with `?session=` load it.
const ModeratedCall = lazy(() =>
  import('@/features/participate/components/moderated-call').then((m) => ({ default: m.ModeratedCall })),
);
const FloatingWindowHost = lazy(() => loadFloatingWindowHost().then((m) => ({ default: m.FloatingWindowHost })));
// The modals open after 'Participar' (the consent first), which starts loading them.
const ConsentModal = lazy(() => loadFlowModals().then((m) => ({ default: m.ConsentModal })));
const ExitModal = lazy(() => loadFlowModals().then((m) => ({ default: m.ExitModal })));
const StoppedModal = lazy(() => loadFlowModals().then((m) => ({ default: m.StoppedModal })));
const SuccessModal = lazy(() => loadFlowModals().then((m) => ({ default: m.SuccessModal })));

/** How often the 'Duración' timer reads the recorder, besides its own change events. */
const TIMER_TICK_MS = 500;

function usePageEffects(linkedId: string) {
  const store = useStore();
  const stage = useAtomValue(stageAtom);
  const phase = useAtomValue(recordingAtom).phase;
  const unsaved = useAtomValue(unsavedWorkAtom);
  const dispose = useSetAtom(disposeAtom);
  const check = useSetAtom(checkUnfinishedAtom);

  useEffect(() => () => dispose(), [dispose]);
  useEffect(() => {
    void check(linkedId);
  }, [check, linkedId]);

  useEffect(() => {
    if (stage !== 'analysis' || phase !== 'recording') return undefined;
    // The recording's module, loaded on demand like the steps: the first screen doesn't carry it.
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    void loadRecordingActions().then(({ refreshRecordingAtom }) => {
      if (!stopped) timer = setInterval(() => store.set(refreshRecordingAtom), TIMER_TICK_MS);
    });
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [stage, phase, store]);

  useEffect(() => {
    if (!unsaved) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      // Read now: leaving through the exit modal has already deleted the work it would warn about.
      if (!store.get(unsavedWorkAtom)) return;
      event.preventDefault();
      // Older browsers need returnValue set to show their own "leave site?" prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved, store]);
}

/**
 * After a stage change (not on the first render, nor out of the load-time check) focus goes to the new stage's heading, also when
 * the stage's code is still loading (a lazy step): then as soon as its heading appears.
 */
function useFocusOnStageChange(stage: string) {
  const container = useRef<HTMLDivElement>(null);
  const previous = useRef(stage);
  useEffect(() => {
    if (previous.current === stage) return undefined;
    const loading = previous.current === 'checking';
    previous.current = stage;
    // The first screen after the page's own check is where the page opened: the reader starts at
    // its top anyway, and a focus ring on the heading there looks like a fault (ADR 0015).
    if (loading) return undefined;
    const root = container.current;
    if (!root) return undefined;
    const heading = root.querySelector<HTMLElement>('h1');
    if (heading) {
      heading.focus();
      return undefined;
    }
    const observer = new MutationObserver(() => {
      const arrived = root.querySelector<HTMLElement>('h1');
      if (!arrived) return;
      observer.disconnect();
      arrived.focus();
    });
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [stage]);
  return container;
}

/** `linkedId`: the analysis id in the page's address (/participate/{id}), '' for /participate. */
export function ParticipationFlow({ linkedId }: { linkedId: string }) {
  const store = useStore();
  const stage = useAtomValue(stageAtom);
  const overlay = useAtomValue(overlayAtom);
  const busy = useAtomValue(busyAtom);
  const cameraRecorded = useAtomValue(cameraAtom).recorded;
  // The consent modal's answers live with the permissions step's actions, loaded with that step.
  const accept = () => loadPermissionActions().then(({ acceptConsentAtom }) => store.set(acceptConsentAtom));
  const reject = () => void loadPermissionActions().then(({ rejectConsentAtom }) => store.set(rejectConsentAtom));
  const cancelExit = useSetAtom(cancelExitAtom);
  const confirmExit = useSetAtom(confirmExitAtom);
  const reset = useSetAtom(resetAtom);
  const thankYou = useSetAtom(showThankYouAtom);
  usePageEffects(linkedId);
  const container = useFocusOnStageChange(stage);
  // Leaving through a link mid-analysis asks first, like 'Salir del análisis'.
  const leave = useLeaveGuard(useCallback(() => store.get(unsavedWorkAtom), [store]));
  const LazyStep = LAZY_STEPS[stage];
  const [sessionToken] = useState(() => sessionTokenFrom(window.location.search));

  return (
    <div className="participate" ref={container}>
      {stage === 'checking' ? <CheckingNotice /> : null}
      {stage === 'resume' ? <ResumeNotice /> : null}
      {stage === 'input' ? <InputStep initialId={linkedId} /> : null}
      {/* A boundary per step (keyed): a step still loading shows the loader, never the last step hidden. */}
      {LazyStep ? (
        <Suspense key={stage} fallback={<PageLoader />}>
          <LazyStep />
        </Suspense>
      ) : null}
      {stage === 'done' ? <ThankYou linkedId={linkedId} /> : null}
      {/* The call lives through the analysis step; leaving it (Finish, exit, stop) hangs up. */}
      {sessionToken && stage === 'analysis' ? (
        <Suspense fallback={null}>
          <ModeratedCall token={sessionToken} />
        </Suspense>
      ) : null}
      {/* The floating window exists from the analysis on; unmounting the host closes it. */}
      {stage === 'analysis' || stage === 'done' ? (
        <Suspense fallback={null}>
          <FloatingWindowHost />
        </Suspense>
      ) : null}

      <Suspense fallback={null}>
        {overlay === 'consent' ? (
          <ConsentModal
            busy={busy === 'participate'}
            camera={cameraRecorded}
            onAccept={() => void accept()}
            onReject={() => reject()}
          />
        ) : null}
        {overlay === 'exit' ? (
          <ExitModal busy={busy === 'exit'} onConfirm={() => void confirmExit()} onCancel={() => cancelExit()} />
        ) : null}
        {leave.pending && overlay !== 'exit' ? (
          <ExitModal
            busy={busy === 'exit'}
            onConfirm={() => void confirmExit().then(leave.proceed)}
            onCancel={leave.cancel}
          />
        ) : null}
        {overlay === 'stopped' ? <StoppedModal onExit={() => reset()} /> : null}
        {overlay === 'success' ? <SuccessModal onDone={() => thankYou()} /> : null}
      </Suspense>
    </div>
  );
}
