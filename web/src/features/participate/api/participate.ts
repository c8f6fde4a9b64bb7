/**
 * POST /api/v1/analysis/participate: claims a place and records consent; answers the analysis data
 * and the entry id, and sets the HttpOnly capability cookie every later entry call needs.
 */
import { post } from '@/lib/api-client';
import type { ParticipateResponse } from '@/lib/api-types/ParticipateResponse';
import type { ParticipationRequest } from '@/lib/api-types/ParticipationRequest';
import { apiPaths } from '@/lib/api-paths';

/**
 * Longer than other calls' 5 s: this one claims a place, and a client that gives up on a slow
 * answer the server still completes leaves the participant with an error and the place held
 * (until the 5-minute hold without media lapses).
 */
const PARTICIPATE_TIMEOUT_MS = 20_000;

/**
 * `extra`: the panel's participant id and the screener answers (ADR 0017), and a moderated
 * session's link token (ADR 0024: the participation is then the session's recording), when there
 * are any.
 */
export const participate = (
  analysisId: string,
  extra: { pid?: string; screener?: number[][]; sessionToken?: string } = {},
) =>
  post<ParticipateResponse>(apiPaths.participate(), { analysisId, ...extra } satisfies ParticipationRequest, {
    timeoutMs: PARTICIPATE_TIMEOUT_MS,
  });
