/** The pre-flight decision (ADR 0010): phones, missing screen capture or recorder formats keep a browser out. */
import { describe, expect, it } from 'vitest';
// The recorder's own source, as text (Vite's ?raw import), to compare the two lists.
import codecSource from '../../../../../recorder-wasm/src/codec.rs?raw';
import {
  isMobileDevice,
  pickRecorderMime,
  preflightVerdict,
  RECORDER_MIME_CANDIDATES,
} from '@/features/participate/lib/preflight';

const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

describe('preflightVerdict', () => {
  const computer = { screenCapture: true, recorderMime: 'video/mp4', mobile: false };

  it('lets a computer with screen capture and a recorder format through', () => {
    expect(preflightVerdict(computer)).toEqual({ ok: true });
  });

  it('names the phone first: that is the whole answer there', () => {
    expect(preflightVerdict({ screenCapture: false, recorderMime: null, mobile: true })).toEqual({
      ok: false,
      problem: 'mobile',
    });
    expect(preflightVerdict({ ...computer, mobile: true })).toEqual({ ok: false, problem: 'mobile' });
  });

  it('refuses a computer browser without screen capture, then one without a recorder format', () => {
    expect(preflightVerdict({ ...computer, screenCapture: false })).toEqual({ ok: false, problem: 'screen-capture' });
    expect(preflightVerdict({ ...computer, recorderMime: null })).toEqual({ ok: false, problem: 'recorder' });
  });
});

describe('isMobileDevice', () => {
  const desktop = { maxTouchPoints: 0, finePointer: true };

  it('treats phones by their user agent or client hints as mobile', () => {
    expect(isMobileDevice({ ...desktop, userAgent: IPHONE })).toBe(true);
    expect(isMobileDevice({ ...desktop, userAgent: ANDROID })).toBe(true);
    expect(isMobileDevice({ ...desktop, userAgent: DESKTOP_CHROME, uaDataMobile: true })).toBe(true);
  });

  it('treats an iPad asking for the desktop site (a Mac user agent, touch only) as mobile', () => {
    expect(isMobileDevice({ userAgent: MAC_SAFARI, maxTouchPoints: 5, finePointer: false })).toBe(true);
  });

  it('keeps computers, touch-screen laptops included, as computers', () => {
    expect(isMobileDevice({ ...desktop, userAgent: DESKTOP_CHROME, uaDataMobile: false })).toBe(false);
    expect(isMobileDevice({ ...desktop, userAgent: MAC_SAFARI })).toBe(false);
    expect(isMobileDevice({ userAgent: DESKTOP_CHROME, maxTouchPoints: 10, finePointer: true })).toBe(false);
  });
});

describe('pickRecorderMime', () => {
  it('takes the first supported candidate, as the recorder does', () => {
    expect(pickRecorderMime((mime) => mime.startsWith('video/webm'))).toBe('video/webm;codecs=vp9,opus');
    expect(pickRecorderMime((mime) => mime === 'video/mp4;codecs=vp9,opus' || mime === 'video/webm')).toBe(
      'video/mp4;codecs=vp9,opus',
    );
    expect(pickRecorderMime(() => false)).toBeNull();
  });

  it('keeps the same candidates, in the same order, as the recorder wasm (codec.rs)', () => {
    const block = codecSource.match(/pub const CANDIDATES: &\[&str\] = &\[([\s\S]*?)\];/)?.[1] ?? '';
    const fromRust = [...block.matchAll(/"([^"]+)"/g)].map((match) => match[1]);
    expect(fromRust.length).toBeGreaterThan(0);
    expect([...RECORDER_MIME_CANDIDATES]).toEqual(fromRust);
  });
});
