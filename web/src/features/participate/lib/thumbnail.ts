/**
 * The entry's thumbnail (ADR 0008): a few seconds into the recording, one frame of the
 * shared screen is drawn 320 px wide into a canvas and uploaded as a small JPEG, so the researcher
 * recognises the participation at a glance. Best effort: a failure leaves the entry without one.
 */
import { uploadThumbnail } from '@/features/participate/api/upload-thumbnail';

export const THUMBNAIL_WIDTH = 320;
/** Late enough for the participant's screen to show something; early enough to come with the first chunks. */
export const THUMBNAIL_DELAY_MS = 3000;
const QUALITY = 0.7;
const FRAME_TIMEOUT_MS = 5000;

/** A frame of `stream`'s video track as a JPEG `THUMBNAIL_WIDTH` wide, or null when none can be had. */
export async function captureThumbnail(stream: MediaStream): Promise<Blob | null> {
  const track = stream.getVideoTracks()[0];
  if (!track || track.readyState !== 'live' || typeof document === 'undefined') return null;
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = new MediaStream([track]);
  try {
    await video.play();
    const deadline = Date.now() + FRAME_TIMEOUT_MS;
    while (video.videoWidth === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    if (video.videoWidth === 0) return null;
    const canvas = document.createElement('canvas');
    canvas.width = THUMBNAIL_WIDTH;
    canvas.height = Math.max(1, Math.round((video.videoHeight * THUMBNAIL_WIDTH) / video.videoWidth));
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', QUALITY));
  } finally {
    video.pause();
    video.srcObject = null;
  }
}

let pending: ReturnType<typeof setTimeout> | null = null;

/** Takes and uploads the thumbnail `THUMBNAIL_DELAY_MS` from now; a later call or `cancelThumbnail` replaces it. */
export function scheduleThumbnail(entryId: string, stream: MediaStream): void {
  cancelThumbnail();
  pending = setTimeout(() => {
    pending = null;
    void captureThumbnail(stream)
      .then((jpeg) => (jpeg ? uploadThumbnail(entryId, jpeg) : undefined))
      .catch(() => undefined);
  }, THUMBNAIL_DELAY_MS);
}

export function cancelThumbnail(): void {
  if (pending !== null) clearTimeout(pending);
  pending = null;
}
