/** PATCH /api/v1/analysisEntry: marks the entry submitted; 400 'Missing recording data' without a complete upload. */
import { patch } from '@/lib/api-client';
import type { MessageResponse } from '@/lib/api-types/MessageResponse';
import type { UpdateEntryRequest } from '@/lib/api-types/UpdateEntryRequest';
import { apiPaths } from '@/lib/api-paths';

export const submitEntry = (analysisEntryId: string) =>
  patch<MessageResponse>(apiPaths.entryUpdate(), {
    analysisEntryId,
    analysisEntryStatus: 'submitted',
  } satisfies UpdateEntryRequest);
