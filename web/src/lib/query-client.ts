/** The app's TanStack Query client, with retry rules that suit our API errors, and `apiQuery`, the shape of every read. */
import { MutationCache, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { get, isApiError, type RequestOptions } from '@/lib/api-client';
import { noteTeamAccessError } from '@/lib/team-access-lost';

/** A 4xx answer will not change on retry; network trouble and 5xx get two more tries. */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Any read or write may learn that the account was removed from its team (ADR 0019).
    queryCache: new QueryCache({ onError: noteTeamAccessError }),
    mutationCache: new MutationCache({ onError: noteTeamAccessError }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * A query that reads one API path: its cache key and a GET the query can cancel. Every read of the
 * API spreads this into `queryOptions`, adding only its own cache rules.
 */
export const apiQuery = <T, K extends QueryKey = QueryKey>(
  queryKey: K,
  path: string,
  options?: Omit<RequestOptions, 'signal'>,
) => ({
  queryKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => get<T>(path, { ...options, signal }),
});
