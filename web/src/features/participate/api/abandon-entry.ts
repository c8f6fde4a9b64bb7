/**
 * DELETE /api/v1/analysisEntry/{id}: the participant leaves or the capture stopped; the server
 * deletes the recording and frees the place. Used when the recorder could not do it itself.
 */
import { del } from '@/lib/api-client';
import type { MessageResponse } from '@/lib/api-types/MessageResponse';
import { apiPaths } from '@/lib/api-paths';

export const abandonEntry = (entryId: string) => del<MessageResponse>(apiPaths.entryAbandon(entryId));
