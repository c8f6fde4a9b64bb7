/**
 * Arriving at the participation flow (product §2 point 1): the thank-you again for an analysis this
 * browser finished lately (ADR 0010), the offer to continue or delete an unfinished participation
 * (ADR 0005), and 'Participar', which validates the analysis id.
 */
import { atom } from 'jotai';
import { abandonEntry } from '@/features/participate/api/abandon-entry';
import { currentParticipation, resumeEntry } from '@/features/participate/api/resume';
import { validateParticipation } from '@/features/participate/api/validate-participation';
import { discardDeviceChunks } from '@/features/participate/lib/device-chunks';
import { participateFailure, validateFailure, validateRefused } from '@/features/participate/lib/errors';
import { finishedLately } from '@/features/participate/lib/finished-participations';
import { errorStatus } from '@/components/form/server-errors';
import { isApiError } from '@/lib/api-client';
import { resetAttempt } from '@/features/participate/stores/attempt';
import { setCameraMode } from '@/features/participate/stores/camera-actions';
import { dispatch, flowOf, isCurrent } from '@/features/participate/stores/participation-state';
import { preparePanel } from '@/features/participate/stores/study-flow';

/**
 * On arrival: a link to an analysis this browser finished lately shows the thank-you again
 * (ADR 0010); otherwise, does this browser have an unfinished participation? Then offer it (ADR 0005).
 */
export const checkUnfinishedAtom = atom(null, async (get, set, linkedId?: string) => {
  if (flowOf(get).stage !== 'checking') return;
  if (linkedId && finishedLately(linkedId)) {
    dispatch(set, { type: 'thankYou', analysisId: linkedId });
    return;
  }
  const generation = flowOf(get).generation;
  let info = null;
  try {
    info = await currentParticipation();
  } catch {
    // The check failing must not keep anyone from participating: the form is shown.
  }
  if (!isCurrent(get, generation)) return;
  dispatch(set, { type: 'checked', info });
});

/** 'Continuar': hold the place again, then the permissions step (consent is already recorded). */
export const continueUnfinishedAtom = atom(null, async (get, set) => {
  const { resume: info, busy, generation } = flowOf(get);
  if (!info || busy) return;
  dispatch(set, { type: 'busy', busy: 'resume' });
  dispatch(set, { type: 'resumeFailed', notice: null });
  try {
    const resumed = await resumeEntry(info.analysisEntryId);
    if (!isCurrent(get, generation)) return;
    setCameraMode(set, resumed.analysisData.camera);
    dispatch(set, { type: 'resumed', info: resumed });
  } catch (error) {
    if (!isCurrent(get, generation)) return;
    const status = errorStatus(error);
    // 400 `no_places` when the hold had lapsed and the analysis is full; 409 `places_taken` when the
    // last place went to someone else while this one was being held again.
    const noPlaces = status === 400 || (isApiError(error) && error.code === 'places_taken');
    if (noPlaces || status === 403 || status === 404) {
      // The place is gone (the server deleted the recording) or the participation expired.
      void discardDeviceChunks(info.analysisEntryId);
      resetAttempt(get, set, {
        analysisId: info.analysisId,
        inputNotice: noPlaces ? { key: 'participate.validate.noPlaces' } : { key: 'participate.resume.expired' },
      });
      return;
    }
    dispatch(set, { type: 'resumeFailed', notice: participateFailure(error) });
  } finally {
    if (isCurrent(get, generation)) dispatch(set, { type: 'busy', busy: null });
  }
});

/** 'Eliminar grabación y salir': everything recorded is deleted, on the server and this device. */
export const discardUnfinishedAtom = atom(null, async (get, set) => {
  const { resume: info, busy } = flowOf(get);
  if (!info || busy) return;
  dispatch(set, { type: 'busy', busy: 'discard' });
  dispatch(set, { type: 'resumeFailed', notice: null });
  try {
    await abandonEntry(info.analysisEntryId);
  } catch (error) {
    // Already gone (403/404) is what the participant asked for; anything else is shown.
    const status = errorStatus(error);
    if (status !== 403 && status !== 404) {
      dispatch(set, { type: 'resumeFailed', notice: participateFailure(error) });
      dispatch(set, { type: 'busy', busy: null });
      return;
    }
  }
  await discardDeviceChunks(info.analysisEntryId);
  resetAttempt(get, set, { analysisId: info.analysisId });
});

/** Point 1: 'Participar' — checks the id (empty → product §5 message, without a call), then validates it. */
export const validateAtom = atom(null, async (get, set, rawId: string) => {
  if (flowOf(get).busy) return;
  const analysisId = rawId.trim();
  dispatch(set, { type: 'idEntered', analysisId });
  if (!analysisId) return;
  const generation = flowOf(get).generation;
  dispatch(set, { type: 'busy', busy: 'validate' });
  try {
    const answer = await validateParticipation(analysisId);
    if (!isCurrent(get, generation)) return;
    if (answer?.success !== true) {
      dispatch(set, { type: 'inputRefused', notice: validateRefused() });
      return;
    }
    if (!preparePanel(set, answer)) {
      dispatch(set, { type: 'inputRefused', notice: { key: 'participate.screener.badPid' } });
      return;
    }
    setCameraMode(set, answer.camera);
    dispatch(set, {
      type: 'validated',
      screener: Boolean(answer.screener?.length),
      questions: Boolean(answer.preQuestions?.length),
    });
  } catch (error) {
    if (isCurrent(get, generation)) dispatch(set, { type: 'inputRefused', notice: validateFailure(error) });
  } finally {
    if (isCurrent(get, generation)) dispatch(set, { type: 'busy', busy: null });
  }
});
