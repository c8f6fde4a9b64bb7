// What a person sees of a recording: a video that plays and advances. Muted, because headless
// Chromium refuses to start a video with sound without a user gesture.
import { expect, type Locator } from '@playwright/test';

/** Plays `video` and waits until its time has moved on by half a second. */
export async function expectVideoAdvances(video: Locator): Promise<void> {
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  const start = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(start + 0.5);
}
