/**
 * PATCH /api/v1/analysisEntry: marks the entry submitted; 400 'Missing recording data' without a
 * complete upload. A panel study's answer carries the completion URL (ADR 0017), given only now.
 */
import { patch } from '@/lib/api-client';
import type { SubmittedResponse } from '@/lib/api-types/SubmittedResponse';
import type { UpdateEntryRequest } from '@/lib/api-types/UpdateEntryRequest';
import { apiPaths } from '@/lib/api-paths';

export const submitEntry = (analysisEntryId: string) =>
  patch<SubmittedResponse>(apiPaths.entryUpdate(), {
    analysisEntryId,
    analysisEntryStatus: 'submitted',
  } satisfies UpdateEntryRequest);
