/** Media requests: the whole-monitor options, the shared-surface check, and the prompt time-out. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DISPLAY_MEDIA_OPTIONS,
  requestMicrophone,
  requestScreen,
  USER_MEDIA_OPTIONS,
  watchEnded,
  withTimeout,
} from '@/features/participate/lib/media';
import { FakeStream, FakeTrack } from '@/features/participate/test/fakes';

function stubDevices(devices: Partial<MediaDevices> | undefined) {
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: devices });
}

afterEach(() => vi.useRealTimers());

describe('requestScreen', () => {
  it('asks for the whole monitor with the cursor and no audio', async () => {
    const stream = new FakeStream([new FakeTrack('video', 'monitor')]);
    const getDisplayMedia = vi.fn(async () => stream as unknown as MediaStream);
    stubDevices({ getDisplayMedia });
    await expect(requestScreen()).resolves.toBe(stream);
    expect(getDisplayMedia).toHaveBeenCalledWith(DISPLAY_MEDIA_OPTIONS);
    expect(DISPLAY_MEDIA_OPTIONS).toMatchObject({
      video: { displaySurface: 'monitor', cursor: 'always' },
      audio: false,
    });
  });

  it("stops a window or tab capture and rejects with 'WrongSurfaceError'", async () => {
    const track = new FakeTrack('video', 'window');
    stubDevices({ getDisplayMedia: async () => new FakeStream([track]) as unknown as MediaStream });
    await expect(requestScreen()).rejects.toMatchObject({ name: 'WrongSurfaceError' });
    expect(track.stopped).toBe(true);
  });

  it("rejects with 'NotSupportedError' where getDisplayMedia does not exist (phones)", async () => {
    stubDevices(undefined);
    await expect(requestScreen()).rejects.toMatchObject({ name: 'NotSupportedError' });
  });
});

describe('requestMicrophone', () => {
  it('asks for 44.1 kHz audio with echo cancellation, noise suppression and auto gain', async () => {
    const getUserMedia = vi.fn(async () => new FakeStream([new FakeTrack('audio')]) as unknown as MediaStream);
    stubDevices({ getUserMedia });
    await requestMicrophone();
    expect(getUserMedia).toHaveBeenCalledWith(USER_MEDIA_OPTIONS);
    expect(USER_MEDIA_OPTIONS.audio).toEqual({
      sampleRate: 44100,
      echoCancellation: true,
      noiseSuppression: true,
      autoGainControl: true,
    });
  });
});

describe('withTimeout', () => {
  it("rejects with 'TimeoutError' and stops a stream that arrives too late", async () => {
    vi.useFakeTimers();
    let deliver: (stream: MediaStream) => void = () => {};
    const late = new Promise<MediaStream>((resolve) => (deliver = resolve));
    const result = withTimeout(late, 1000);
    const expectation = expect(result).rejects.toMatchObject({ name: 'TimeoutError' });
    await vi.advanceTimersByTimeAsync(1000);
    await expectation;
    const track = new FakeTrack('video');
    deliver(new FakeStream([track]) as unknown as MediaStream);
    await vi.advanceTimersByTimeAsync(0);
    expect(track.stopped).toBe(true);
  });
});

describe('watchEnded', () => {
  it('reports the first ended track once (the participant stopped sharing)', () => {
    const [screen, mic] = [new FakeTrack('video'), new FakeTrack('audio')];
    const onEnded = vi.fn();
    watchEnded(new FakeStream([screen, mic]) as unknown as MediaStream, onEnded);
    screen.dispatchEvent(new Event('ended'));
    mic.dispatchEvent(new Event('ended'));
    expect(onEnded).toHaveBeenCalledTimes(1);
  });

  it('ignores tracks ending while the page goes away (closing is not stopping the share)', () => {
    const track = new FakeTrack('video');
    const onEnded = vi.fn();
    watchEnded(new FakeStream([track]) as unknown as MediaStream, onEnded);
    window.dispatchEvent(new Event('pagehide'));
    track.dispatchEvent(new Event('ended'));
    expect(onEnded).not.toHaveBeenCalled();
    // Back from the back-forward cache: stopping the share counts again.
    window.dispatchEvent(new Event('pageshow'));
    track.dispatchEvent(new Event('ended'));
    expect(onEnded).toHaveBeenCalledTimes(1);
  });
});
