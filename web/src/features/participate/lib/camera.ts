/**
 * The participant's camera (ADR 0008): its own small video-only stream (about 320×240 at
 * 15 fps, no audio: the microphone stays with the screen recording), asked for with the same
 * time-out as the other prompts, and what the participant is told when it fails.
 */
import type { Notice } from '@/features/participate/lib/errors';
import { MEDIA_PROMPT_TIMEOUT_MS, withTimeout } from '@/features/participate/lib/media';
import { errorName } from '@/features/participate/lib/recorder-session';

export const CAMERA_OPTIONS: MediaStreamConstraints = {
  video: { width: { ideal: 320 }, height: { ideal: 240 }, frameRate: { ideal: 15, max: 15 } },
  audio: false,
};

/** The camera. Rejects with the browser's error (NotAllowedError, NotFoundError…) or 'NotSupportedError'. */
export async function requestCamera(timeoutMs = MEDIA_PROMPT_TIMEOUT_MS): Promise<MediaStream> {
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!devices || typeof devices.getUserMedia !== 'function') {
    const error = new Error('getUserMedia is not available');
    error.name = 'NotSupportedError';
    throw error;
  }
  return withTimeout(devices.getUserMedia(CAMERA_OPTIONS), timeoutMs);
}

/** getUserMedia({video}) failures, by the error's name. */
export function cameraFailure(error: unknown): Notice {
  const name = errorName(error);
  if (name === 'NotAllowedError' || name === 'SecurityError') return { key: 'participate.camera.errors.denied' };
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return { key: 'participate.camera.errors.missing' };
  if (name === 'NotReadableError') return { key: 'participate.camera.errors.busy' };
  if (name === 'TimeoutError') return { key: 'participate.camera.errors.timeout' };
  return { key: 'participate.camera.errors.failed' };
}
