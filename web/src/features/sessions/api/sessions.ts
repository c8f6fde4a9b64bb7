/**
 * Moderated sessions' HTTP side (ADR 0024): one session with the caller's role, an analysis's
 * sessions, creating one (whose answer alone carries the participant's link) and deleting one.
 * Changes refresh the analysis's list. The room itself is a WebSocket (`lib/call`).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { del, post } from '@/lib/api-client';
import type { AnalysisResponse } from '@/lib/api-types/AnalysisResponse';
import type { ModeratedSessionDto } from '@/lib/api-types/ModeratedSessionDto';
import type { ModeratedSessionsResponse } from '@/lib/api-types/ModeratedSessionsResponse';
import type { NewSessionRequest } from '@/lib/api-types/NewSessionRequest';
import { apiPaths } from '@/lib/api-paths';
import { apiQuery } from '@/lib/query-client';

export const sessionKeys = {
  all: ['moderated-sessions'] as const,
  one: (id: string) => ['moderated-sessions', 'one', id] as const,
  ofAnalysis: (analysisId: string) => ['moderated-sessions', 'analysis', analysisId] as const,
  tasks: (analysisId: string) => ['moderated-sessions', 'tasks', analysisId] as const,
};

export const moderatedSessionQueryOptions = (id: string) =>
  queryOptions(apiQuery<ModeratedSessionDto>(sessionKeys.one(id), apiPaths.sessionGet(id)));

export const useModeratedSession = (id: string) => useQuery(moderatedSessionQueryOptions(id));

export const useAnalysisSessions = (analysisId: string) =>
  useQuery(
    queryOptions(
      apiQuery<ModeratedSessionsResponse>(sessionKeys.ofAnalysis(analysisId), apiPaths.sessionList(analysisId)),
    ),
  );

/** The analysis's tasks, for the moderator's task control (read once: they don't change mid-session). */
export const useSessionTasks = (analysisId: string | undefined) =>
  useQuery({
    ...apiQuery<AnalysisResponse>(sessionKeys.tasks(analysisId ?? ''), apiPaths.analysisGet(analysisId ?? '')),
    enabled: Boolean(analysisId),
    staleTime: Number.POSITIVE_INFINITY,
    select: (answer: AnalysisResponse) => answer.analysisData.tasks.map((task) => task.taskContent),
  });

export function useCreateSession(analysisId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewSessionRequest) => post<ModeratedSessionDto>(apiPaths.sessionCreate(analysisId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.ofAnalysis(analysisId) }),
  });
}

export function useDeleteSession(analysisId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => del<unknown>(apiPaths.sessionDelete(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.ofAnalysis(analysisId) }),
  });
}
