/**
 * DELETE /api/v1/analysisEntry/{id}: the participant leaves or the capture stopped; the server
 * deletes the recording and frees the place. Used when the recorder could not do it itself.
 */
import { del } from '@/lib/api-client';
import type { MessageResponse } from '@/lib/api-types/MessageResponse';

const entryPath = (entryId: string) => `/analysisEntry/${encodeURIComponent(entryId)}`;

export const abandonEntry = (entryId: string) => del<MessageResponse>(entryPath(entryId));
