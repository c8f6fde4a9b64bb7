/**
 * Coming back to an unfinished participation (ADR 0005). GET /api/v1/participation/current: the
 * participation this browser's capability cookie names, or null (404). POST …/{id}/resume: hold the
 * place again; 400 'No hay plazas…' when it is gone (the server then deleted the recording).
 */
import { ApiError, get, post } from '@/lib/api-client';
import type { ResumeInfo } from '@/lib/api-types/ResumeInfo';
import { apiPaths } from '@/lib/api-paths';

export async function currentParticipation(): Promise<ResumeInfo | null> {
  try {
    return await get<ResumeInfo>(apiPaths.participationCurrent());
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const resumeEntry = (entryId: string) => post<ResumeInfo>(apiPaths.entryResume(entryId));
