/**
 * DELETE /api/v1/analysisEntry/{id}: the participant leaves or the capture stopped; the server
 * deletes the recording and frees the place. Used when the recorder could not do it itself.
 */
import { API_BASE_PATH } from '@/config/constants';
import { del } from '@/lib/api-client';
import type { MessageResponse } from '@/lib/api-types/MessageResponse';

const entryPath = (entryId: string) => `/analysisEntry/${encodeURIComponent(entryId)}`;

export const abandonEntry = (entryId: string) => del<MessageResponse>(entryPath(entryId));

/**
 * The same call while the tab is closing: a keepalive fetch outlives the page (the API client's
 * time-out and abort controller would not), so closing the tab mid-analysis still deletes the data.
 */
export function abandonEntryOnUnload(entryId: string): void {
  try {
    void fetch(`${API_BASE_PATH}${entryPath(entryId)}`, {
      method: 'DELETE',
      credentials: 'include',
      keepalive: true,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    }).catch(() => {});
  } catch {
    // No fetch while unloading: the server's idle expiry frees the place later.
  }
}
