/**
 * PUT /api/v1/analysisEntry/{id}/thumbnail: the entry's thumbnail, a small JPEG (capability cookie).
 * Not JSON, so not through the API client; tried twice, since it is only a picture.
 */
import { API_BASE_PATH } from '@/config/constants';
import { apiPaths } from '@/lib/api-paths';

const TIMEOUT_MS = 10_000;
const ATTEMPTS = 2;

export async function uploadThumbnail(entryId: string, jpeg: Blob): Promise<boolean> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
    try {
      const response = await fetch(`${API_BASE_PATH}${apiPaths.entryThumbnailPut(entryId)}`, {
        method: 'PUT',
        credentials: 'include',
        headers: { 'Content-Type': 'image/jpeg', Accept: 'application/json' },
        body: jpeg,
        signal: controller.signal,
      });
      // A refusal (4xx) will not change on a second try.
      if (response.ok || (response.status >= 400 && response.status < 500)) return response.ok;
    } catch {
      // Network failure or time-out: one more try.
    } finally {
      clearTimeout(timer);
    }
  }
  return false;
}
