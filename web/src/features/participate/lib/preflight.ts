/**
 * The pre-flight check on the first screen (ADR 0010): can this browser take part at all? It needs
 * screen capture (`getDisplayMedia`), a MediaRecorder format the recorder accepts, and a computer:
 * phones and tablets either lack screen capture or share only the browser itself. Deciding this
 * before validation means a participant is never led into permissions that cannot work.
 *
 * The recorder wasm knows the same candidate list (`recorder-wasm/src/codec.rs`), but loading it
 * on the first screen would cost the input step its bundle size; `preflight.test.ts` keeps both
 * lists equal.
 */

/** `recorder-wasm/src/codec.rs` CANDIDATES, in the same order. */
export const RECORDER_MIME_CANDIDATES = [
  'video/mp4;codecs=avc1.42E01E,mp4a.40.2',
  'video/mp4;codecs=avc1,mp4a',
  'video/mp4;codecs=vp9,opus',
  'video/mp4;codecs=avc1,opus',
  'video/mp4',
  'video/webm;codecs=vp9,opus',
  'video/webm;codecs=vp8,opus',
  'video/webm',
] as const;

/** What the browser offers, read once on the input step. */
export interface Capabilities {
  /** `navigator.mediaDevices.getDisplayMedia` is a function. */
  screenCapture: boolean;
  /** The first recorder candidate MediaRecorder supports, or null (none, or no MediaRecorder). */
  recorderMime: string | null;
  /** A phone or tablet: a mobile user agent, or a touch screen with no mouse or trackpad. */
  mobile: boolean;
}

/** Why this browser cannot take part, most useful first: on a phone, that is the whole answer. */
export type PreflightProblem = 'mobile' | 'screen-capture' | 'recorder';

export type PreflightVerdict = { ok: true } | { ok: false; problem: PreflightProblem };

export function preflightVerdict(capabilities: Capabilities): PreflightVerdict {
  if (capabilities.mobile) return { ok: false, problem: 'mobile' };
  if (!capabilities.screenCapture) return { ok: false, problem: 'screen-capture' };
  if (!capabilities.recorderMime) return { ok: false, problem: 'recorder' };
  return { ok: true };
}

/** The first candidate `isSupported` accepts (the recorder's own choice, codec.rs `pick`). */
export function pickRecorderMime(isSupported: (mime: string) => boolean): string | null {
  return RECORDER_MIME_CANDIDATES.find((mime) => isSupported(mime)) ?? null;
}

// iPadOS reports a Mac user agent; it is caught by the touch rule below (no fine pointer).
const MOBILE_USER_AGENT = /\b(iPhone|iPod|iPad|Android|Mobile|Silk|Kindle|BlackBerry|Opera Mini|IEMobile)\b/i;

/** Inputs of the device rule, so it is tested without a browser. */
export interface DeviceSignals {
  userAgent: string;
  /** `navigator.userAgentData.mobile` where the browser has client hints. */
  uaDataMobile?: boolean;
  maxTouchPoints: number;
  /** `(any-pointer: fine)`: a mouse, trackpad or pen is present. */
  finePointer: boolean;
}

export function isMobileDevice({ userAgent, uaDataMobile, maxTouchPoints, finePointer }: DeviceSignals): boolean {
  if (uaDataMobile === true) return true;
  if (MOBILE_USER_AGENT.test(userAgent)) return true;
  // Touch-only: a laptop with a touch screen still has a trackpad, so it stays a computer.
  return maxTouchPoints > 0 && !finePointer;
}

/** Reads this browser's capabilities (no permission prompt, nothing loaded). */
export function readCapabilities(): Capabilities {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const devices = nav?.mediaDevices;
  const recorder = typeof MediaRecorder === 'undefined' ? undefined : MediaRecorder;
  const isSupported = (mime: string) => {
    try {
      return typeof recorder?.isTypeSupported === 'function' && recorder.isTypeSupported(mime);
    } catch {
      return false;
    }
  };
  const uaData = (nav as (Navigator & { userAgentData?: { mobile?: boolean } }) | undefined)?.userAgentData;
  const finePointer = typeof matchMedia === 'function' ? matchMedia('(any-pointer: fine)').matches : true;
  return {
    screenCapture: typeof devices?.getDisplayMedia === 'function',
    recorderMime: pickRecorderMime(isSupported),
    mobile: isMobileDevice({
      userAgent: nav?.userAgent ?? '',
      uaDataMobile: uaData?.mobile,
      maxTouchPoints: nav?.maxTouchPoints ?? 0,
      finePointer,
    }),
  };
}
