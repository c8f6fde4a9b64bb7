/**
 * What the participant is told when something fails (product §8): pure mappings from an API error, a
 * media error or a recorder error to a locale key, with the server's or browser's detail when useful.
 */
import type { TranslationKey } from '@/components/form/translation-key';
import { errorStatus, serverMessage } from '@/components/form/server-errors';
import { errorName } from '@/features/participate/lib/recorder-session';
import { isApiError } from '@/lib/api-client';

/** A message to show: a locale key, its interpolation values and extra detail lines. */
export interface Notice {
  key: TranslationKey;
  values?: Record<string, string>;
  details?: string[];
}

/** Validate: 404 not found, 400 no places (or empty id), other the server's message or a generic text. */
export function validateFailure(error: unknown): Notice {
  const status = errorStatus(error);
  if (status === 404) return { key: 'participate.validate.notFound' };
  if (status === 400) {
    return isApiError(error) && error.code === 'missing_analysis_id'
      ? { key: 'participate.input.idRequired' }
      : { key: 'participate.validate.noPlaces' };
  }
  const message = serverMessage(error);
  return message ? { key: 'participate.serverMessage', values: { message } } : { key: 'participate.validate.generic' };
}

/** validate-participation answered 200 but `success` was not true. */
export const validateRefused = (): Notice => ({ key: 'participate.validate.notFoundOrFull' });

/** Participate: the server answered (e.g. the last place went meanwhile) or no answer came at all. */
export function participateFailure(error?: unknown): Notice {
  if (error !== undefined && errorStatus(error) === 0) return { key: 'participate.participate.unavailable' };
  const message = serverMessage(error);
  return message
    ? { key: 'participate.participate.failed', details: [message] }
    : { key: 'participate.participate.failed' };
}

export type Device = 'screen' | 'microphone';

/** getDisplayMedia / getUserMedia failures, by the error's name. */
export function permissionFailure(device: Device, error: unknown): Notice {
  const name = errorName(error);
  if (name === 'NotSupportedError' || (name === 'TypeError' && device === 'screen')) {
    return { key: 'participate.permissions.errors.unsupported' };
  }
  if (name === 'TimeoutError') {
    return {
      key:
        device === 'screen'
          ? 'participate.permissions.errors.screenTimeout'
          : 'participate.permissions.errors.micTimeout',
    };
  }
  if (device === 'screen') {
    if (name === 'NotAllowedError' || name === 'SecurityError')
      return { key: 'participate.permissions.errors.screenDenied' };
    if (name === 'NotFoundError') return { key: 'participate.permissions.errors.screenNoSource' };
    if (name === 'WrongSurfaceError') return { key: 'participate.permissions.errors.wrongSurface' };
    return { key: 'participate.permissions.errors.screenFailed' };
  }
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return { key: 'participate.permissions.errors.micDenied' };
  if (name === 'NotFoundError' || name === 'NotReadableError' || name === 'OverconstrainedError') {
    return { key: 'participate.permissions.errors.micMissing' };
  }
  return { key: 'participate.permissions.errors.micFailed' };
}

const detailOf = (error: unknown) =>
  error instanceof Error && error.message.trim() ? error.message : String(errorName(error) ?? error);

/** recorder.start() failed: 'Failed to start recording: …' (or the unsupported-browser text). */
export function startFailure(error: unknown): Notice {
  if (errorName(error) === 'RecorderUnsupported') return { key: 'participate.recording.unsupported' };
  return { key: 'participate.recording.startFailed', values: { detail: detailOf(error) } };
}

/** The recorder failed while recording: 'Recording error: …'. */
export const recordingFailure = (detail: string): Notice => ({
  key: 'participate.recording.error',
  values: { detail },
});

/** Where finishing stopped: no recorder, no entry id, the recorder's finish(), or the PATCH. */
export type FinishStage = 'no-recorder' | 'no-entry' | 'finish' | 'submit';

/** Finish Analysis failures, in product §8's words. */
export function finishFailure(stage: FinishStage, error?: unknown): Notice {
  if (stage === 'no-recorder') return { key: 'participate.finish.noRecording' };
  if (stage === 'no-entry') return { key: 'participate.finish.missingEntry' };
  if (stage === 'submit') return { key: 'participate.finish.updateFailed' };
  const name = errorName(error);
  if (name === 'RecordingEmpty') return { key: 'participate.finish.empty' };
  if (name === 'UploadFailed') return { key: 'participate.finish.uploadFailed' };
  if (name === 'RecordingError') return recordingFailure(detailOf(error));
  return { key: 'participate.finish.generic' };
}
