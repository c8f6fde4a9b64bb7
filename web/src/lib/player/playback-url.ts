/**
 * The recording URL the page plays and downloads. The API signs a path on our own origin
 * (`/api/v1/recordings/{id}?expires&sig`) and prefixes its configured public origin. The app and the
 * API always share one origin, so such a URL is used as a same-origin path: the `download` attribute
 * only works on same-origin links, and a locally run server may sit on another port than the
 * configured origin. Any other URL (e.g. a storage host) is used as given.
 */
import { API_BASE_PATH } from '@/config/constants';

export function playbackUrl(entryUrl: string, origin: string = window.location.origin): string {
  let url: URL;
  try {
    url = new URL(entryUrl, origin);
  } catch {
    return entryUrl;
  }
  if (url.pathname.startsWith(`${API_BASE_PATH}/recordings/`)) return `${url.pathname}${url.search}`;
  return url.href;
}

/** The signature's expiry (epoch ms), or null when the URL carries none. */
export function urlExpiresAt(entryUrl: string): number | null {
  try {
    const expires = new URL(entryUrl, 'http://localhost').searchParams.get('expires');
    const value = expires === null ? Number.NaN : Number(expires);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/** File name for the download: lupa-<entry id>.<mp4|webm>. */
export function downloadName(entryId: string, mimeType: string | null): string {
  const extension = mimeType?.includes('webm') ? 'webm' : 'mp4';
  return `lupa-${entryId}.${extension}`;
}
