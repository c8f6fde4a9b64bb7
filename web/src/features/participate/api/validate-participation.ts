/** POST /api/v1/analysis/validate-participation: 200 {success} when the analysis exists and has places. */
import { post } from '@/lib/api-client';
import type { ParticipationRequest } from '@/lib/api-types/ParticipationRequest';
import type { ValidateParticipationResponse } from '@/lib/api-types/ValidateParticipationResponse';

export const validateParticipation = (analysisId: string) =>
  post<ValidateParticipationResponse>('/analysis/validate-participation', { analysisId } satisfies ParticipationRequest);
