/**
 * POST /api/v1/analysis/screen (ADR 0017): the screener's verdict on the answers (option indexes
 * per question). A rejected participant is counted by reason and takes no place; the answer then
 * carries the screen-out URL when the analysis has one.
 */
import { post } from '@/lib/api-client';
import type { ScreenRequest } from '@/lib/api-types/ScreenRequest';
import type { ScreenResponse } from '@/lib/api-types/ScreenResponse';
import { apiPaths } from '@/lib/api-paths';

export const screen = (analysisId: string, answers: number[][], pid: string | null) =>
  post<ScreenResponse>(apiPaths.screen(), { analysisId, answers, pid } satisfies ScreenRequest);
