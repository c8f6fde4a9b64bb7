/**
 * The modules the participation page tests replace, and their doubles: the browser's media, the
 * recorder session, the pre-flight check and the recorder's wasm loader (jsdom has no
 * getDisplayMedia, MediaRecorder or wasm). Vitest hoists `vi.mock` to the top of each test file,
 * so each file still names what it replaces, with a factory from here that keeps the rest of the
 * module real:
 *
 *   vi.mock('@/features/participate/lib/media', async (original) =>
 *     (await import('@/features/participate/test/module-doubles')).mediaModule(original));
 *
 * The test then imports `media` (the same instance) to script and inspect the doubles.
 */
import { vi } from 'vitest';
import type { Capabilities } from '@/features/participate/lib/preflight';

type Original<T> = () => Promise<T>;

export const media = {
  requestScreen: vi.fn<() => Promise<MediaStream>>(),
  requestMicrophone: vi.fn<() => Promise<MediaStream>>(),
  combineStreams: vi.fn(
    (screen: MediaStream, microphone: MediaStream) => ({ screen, microphone }) as unknown as MediaStream,
  ),
};

export const recorder = { createRecorderSession: vi.fn() };

/** A computer that can take part: the pre-flight check (ADR 0010) lets it through. */
export const CAPABLE: Capabilities = { screenCapture: true, recorderMime: 'video/mp4', mobile: false };

export const preflight = { readCapabilities: vi.fn<() => Capabilities>() };

export const mediaModule = async (original: Original<typeof import('@/features/participate/lib/media')>) => ({
  ...(await original()),
  ...media,
});

export const recorderSessionModule = async (
  original: Original<typeof import('@/features/participate/lib/recorder-session')>,
) => ({
  ...(await original()),
  ...recorder,
});

export const preflightModule = async (original: Original<typeof import('@/features/participate/lib/preflight')>) => ({
  ...(await original()),
  ...preflight,
});

/** The permissions step preloads the recorder module: keep the wasm package out of unit tests. */
export const loadRecorderModule = () => ({
  loadRecorder: async () => ({ pickMimeType: () => 'video/mp4', candidateMimeTypes: () => [] }),
});
