/**
 * The camera's part of the participation flow (ADR 0008), kept apart from the screen and
 * microphone state: the analysis's setting, the permission, the live stream (for the preview and
 * its recorder) and that recorder. Primitive atoms are private to the stores folder
 * (`cameraInternal`); screens read `cameraAtom` and act through camera-actions.
 */
import { atom } from 'jotai';
import type { Notice } from '@/features/participate/lib/errors';
import type { RecorderSession } from '@/features/participate/lib/recorder-session';
import type { PermissionStatus } from '@/features/participate/stores/participation-state';
import type { Camera } from '@/lib/api-types/Camera';

export interface CameraResources {
  stream: MediaStream | null;
  recorder: RecorderSession | null;
  /** Removes the 'ended' listener of the camera track. */
  unwatch: (() => void) | null;
}

export const NO_CAMERA: CameraResources = { stream: null, recorder: null, unwatch: null };

/** Private primitives: only the stores folder imports this object. */
export const cameraInternal = {
  mode: atom<Camera>('off'),
  status: atom<PermissionStatus>('idle'),
  notice: atom<Notice | null>(null),
  resources: atom<CameraResources>(NO_CAMERA),
};

export const cameraAtom = atom((get) => {
  const mode = get(cameraInternal.mode);
  const status = get(cameraInternal.status);
  return {
    mode,
    /** The analysis records the camera: the permissions step shows its card. */
    enabled: mode !== 'off',
    required: mode === 'required',
    status,
    notice: get(cameraInternal.notice),
    stream: get(cameraInternal.resources).stream,
    /** Whether 'Siguiente' may go on as far as the camera is concerned. */
    satisfied: mode !== 'required' || status === 'granted',
    /** The camera will be recorded (the security modal says so). */
    recorded: mode !== 'off' && status === 'granted',
  };
});
