/**
 * Asking for the screen and the microphone (product §9: whole monitor, cursor always shown, no system
 * audio; microphone at 44100 Hz with echo cancellation, noise suppression and auto gain), with a
 * time-out because a browser prompt may never settle, and a check that the whole screen was shared.
 */

/** How long a browser prompt may stay open before we give up (the person may still be choosing). */
export const MEDIA_PROMPT_TIMEOUT_MS = 90_000;

/** Options for a whole-monitor capture; the Chrome-only hints are ignored by other browsers. */
export const DISPLAY_MEDIA_OPTIONS = {
  video: { displaySurface: 'monitor', cursor: 'always' },
  audio: false,
  systemAudio: 'exclude',
  monitorTypeSurfaces: 'include',
  surfaceSwitching: 'exclude',
  selfBrowserSurface: 'exclude',
} as const;

export const USER_MEDIA_OPTIONS: MediaStreamConstraints = {
  audio: { sampleRate: 44100, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
  video: false,
};

/** A DOMException-like error with a `name`, as the browser's own media errors have. */
function mediaError(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

/**
 * `promise`, or a 'TimeoutError' after `ms`. A stream that arrives too late is stopped, so a
 * prompt answered after we gave up never leaves the camera light on.
 */
export function withTimeout(promise: Promise<MediaStream>, ms: number): Promise<MediaStream> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      reject(mediaError('TimeoutError', `No answer from the browser within ${ms} ms`));
    }, ms);
    promise.then(
      (stream) => {
        if (settled) {
          stopStream(stream);
          return;
        }
        settled = true;
        clearTimeout(timer);
        resolve(stream);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * The whole screen. Rejects with the browser's error (NotAllowedError, NotFoundError…),
 * 'NotSupportedError' without getDisplayMedia (phones), or 'WrongSurfaceError' when a window or
 * tab was chosen instead of a screen (that capture is stopped at once).
 */
export async function requestScreen(timeoutMs = MEDIA_PROMPT_TIMEOUT_MS): Promise<MediaStream> {
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!devices || typeof devices.getDisplayMedia !== 'function') {
    throw mediaError('NotSupportedError', 'getDisplayMedia is not available');
  }
  const stream = await withTimeout(
    devices.getDisplayMedia(DISPLAY_MEDIA_OPTIONS as unknown as DisplayMediaStreamOptions),
    timeoutMs,
  );
  const [video] = stream.getVideoTracks();
  // Browsers that do not report the surface (older Safari) are trusted to honour the hint.
  const surface = (video?.getSettings() as { displaySurface?: string } | undefined)?.displaySurface;
  if (!video || (surface !== undefined && surface !== 'monitor')) {
    stopStream(stream);
    throw mediaError('WrongSurfaceError', `Shared ${surface ?? 'nothing'} instead of a monitor`);
  }
  return stream;
}

/**
 * The microphone, with product §9's processing; `deviceId` picks one from `enumerateDevices` (the
 * microphone check's list). Rejects with the browser's error or 'NotSupportedError'.
 */
export async function requestMicrophone(timeoutMs = MEDIA_PROMPT_TIMEOUT_MS, deviceId?: string): Promise<MediaStream> {
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!devices || typeof devices.getUserMedia !== 'function') {
    throw mediaError('NotSupportedError', 'getUserMedia is not available');
  }
  const options = deviceId
    ? {
        ...USER_MEDIA_OPTIONS,
        audio: { ...(USER_MEDIA_OPTIONS.audio as MediaTrackConstraints), deviceId: { exact: deviceId } },
      }
    : USER_MEDIA_OPTIONS;
  return withTimeout(devices.getUserMedia(options), timeoutMs);
}

/** One stream for the recorder: the screen's video track and the microphone's audio track. */
export function combineStreams(screen: MediaStream, microphone: MediaStream): MediaStream {
  return new MediaStream([...screen.getVideoTracks(), ...microphone.getAudioTracks()]);
}

export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * True from `pagehide` until the page is shown again: the tab is closing, reloading or going away.
 * Chromium ends the capture tracks while it tears the page down, and that 'ended' is not the
 * participant stopping the share: closing or reloading keeps the participation (ADR 0005), while
 * the stop-sharing rule deletes it. Seen in e2e: a closed tab sent DELETE before it was gone.
 */
let leavingPage = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leavingPage = true;
  });
  window.addEventListener('pageshow', () => {
    leavingPage = false;
  });
}

/**
 * Calls `onEnded` once when any track of `stream` ends (e.g. the browser's "Stop sharing"), but
 * not when the tracks end because the page itself is going away.
 */
export function watchEnded(stream: MediaStream, onEnded: () => void): () => void {
  let fired = false;
  const handler = () => {
    if (fired || leavingPage) return;
    fired = true;
    onEnded();
  };
  const tracks = stream.getTracks();
  for (const track of tracks) track.addEventListener('ended', handler);
  return () => {
    for (const track of tracks) track.removeEventListener('ended', handler);
  };
}
