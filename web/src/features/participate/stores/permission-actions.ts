/**
 * The permissions step and the security modal (product §2 points 2–3): sharing the screen and the
 * microphone, 'Siguiente' to the consent, and 'Aceptar y Continuar', which claims a place and
 * starts the analysis. A resumed participation skips the consent it already gave.
 */
import { atom, type Getter, type Setter } from 'jotai';
import { abandonEntry } from '@/features/participate/api/abandon-entry';
import { participate } from '@/features/participate/api/participate';
import { participateFailure, permissionFailure, type Device } from '@/features/participate/lib/errors';
import { STREAM_ENDED } from '@/features/participate/lib/flow';
import { requestMicrophone, requestScreen, stopStream, watchEnded } from '@/features/participate/lib/media';
import { buildSteps, positionOf } from '@/features/participate/lib/steps';
import { cameraSatisfied } from '@/features/participate/stores/camera-actions';
import { dispatch, flowOf, internal, isCurrent } from '@/features/participate/stores/participation-state';
import { enterAnalysis, streamEnded } from '@/features/participate/stores/recording-actions';
import { panelExtras } from '@/features/participate/stores/study-flow';
import { sessionTokenFrom } from '@/features/participate/lib/session-link';

/** Asks for one device unless granted; keeps the stream and watches it for 'ended'. */
async function requestDevice(get: Getter, set: Setter, device: Device, generation: number): Promise<void> {
  if (flowOf(get)[device] === 'granted') return;
  dispatch(set, { type: 'deviceRequested', device });
  try {
    const stream = await (device === 'screen' ? requestScreen() : requestMicrophone());
    if (!isCurrent(get, generation)) {
      stopStream(stream);
      return;
    }
    const unwatch = watchEnded(stream, () => void streamEnded(get, set, device, generation));
    const resources = get(internal.resources);
    set(internal.resources, { ...resources, [device]: stream, unwatch: [...resources.unwatch, unwatch] });
    dispatch(set, { type: 'deviceGranted', device });
  } catch (error) {
    if (!isCurrent(get, generation)) return;
    dispatch(set, { type: 'deviceDenied', device, notice: permissionFailure(device, error) });
  }
}

/** Point 2: 'Compartir pantalla y micrófono' / 'Try Again' — the screen first, then the microphone. */
export const requestPermissionsAtom = atom(null, async (get, set) => {
  const { busy, stage, generation } = flowOf(get);
  if (busy || stage !== 'permissions') return;
  dispatch(set, { type: 'permissionsAsked' });
  try {
    await requestDevice(get, set, 'screen', generation);
    // Asked even when the screen failed, so one click settles both cards.
    if (isCurrent(get, generation)) await requestDevice(get, set, 'microphone', generation);
  } finally {
    if (isCurrent(get, generation)) dispatch(set, { type: 'busy', busy: null });
  }
});

/**
 * 'Siguiente' on the permissions step: the security modal, only with both permissions granted. A
 * resumed participation already has its consent: it goes straight back to the step it was on.
 */
export const openConsentAtom = atom(null, async (get, set) => {
  const flow = flowOf(get);
  if (flow.screen !== 'granted' || flow.microphone !== 'granted' || !cameraSatisfied(get) || flow.busy) return;
  const resumed = flow.resume;
  if (!resumed) {
    dispatch(set, { type: 'consentOpened' });
    return;
  }
  const lastMark = resumed.steps.length ? (resumed.steps[resumed.steps.length - 1]?.index ?? 0) : 0;
  const lastStep = positionOf(buildSteps(resumed.analysisData), lastMark);
  await enterAnalysis(
    get,
    set,
    flow.generation,
    resumed.analysisEntryId,
    resumed.analysisData,
    lastStep,
    resumed.answers,
  );
});

/** 'Rechazar': back to the permissions step. */
export const rejectConsentAtom = atom(null, (_get, set) => dispatch(set, { type: 'consentRejected' }));

/** Point 3: 'Aceptar y Continuar' — claims a place, then the analysis starts and recording with it. */
export const acceptConsentAtom = atom(null, async (get, set) => {
  const { busy, generation, analysisId } = flowOf(get);
  if (busy) return;
  dispatch(set, { type: 'busy', busy: 'participate' });
  let answer;
  try {
    // Through a moderated session's link, the participation is the session's recording (ADR 0024).
    const sessionToken = sessionTokenFrom(window.location.search);
    answer = await participate(analysisId, { ...panelExtras(get), ...(sessionToken ? { sessionToken } : {}) });
  } catch (error) {
    if (isCurrent(get, generation)) dispatch(set, { type: 'participateFailed', notice: participateFailure(error) });
    return;
  }
  const entryId = answer?.success === true && answer.analysisEntryId ? answer.analysisEntryId : null;
  if (!isCurrent(get, generation)) {
    // Left meanwhile: give the place back.
    if (entryId) void abandonEntry(entryId).catch(() => undefined);
    return;
  }
  if (!entryId || !answer) {
    dispatch(set, { type: 'participateFailed', notice: participateFailure() });
    return;
  }
  const { screen, microphone } = get(internal.resources);
  if (!screen || !microphone || !cameraSatisfied(get)) {
    // A share (or a required camera) stopped while the modal was open: the place goes back.
    void abandonEntry(entryId).catch(() => undefined);
    dispatch(set, { type: 'participateFailed', notice: STREAM_ENDED });
    return;
  }
  dispatch(set, { type: 'placeClaimed' });
  await enterAnalysis(get, set, generation, entryId, answer.analysisData, 0);
});
