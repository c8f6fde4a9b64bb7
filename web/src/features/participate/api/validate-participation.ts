/** POST /api/v1/analysis/validate-participation: 200 {success} when the analysis exists and has places. */
import { post } from '@/lib/api-client';
import type { ParticipationRequest } from '@/lib/api-types/ParticipationRequest';
import type { ValidateParticipationResponse } from '@/lib/api-types/ValidateParticipationResponse';
import { apiPaths } from '@/lib/api-paths';

export const validateParticipation = (analysisId: string) =>
  post<ValidateParticipationResponse>(apiPaths.validateParticipation(), { analysisId } satisfies ParticipationRequest);
