/** The app's TanStack Query client, with retry rules that suit our API errors, and `apiQuery`, the shape of every read. */
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { get, isApiError, type RequestOptions } from '@/lib/api-client';

/** A 4xx answer will not change on retry; network trouble and 5xx get two more tries. */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500);

export function createQueryClient(): QueryClient {
  return new QueryClient({
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
