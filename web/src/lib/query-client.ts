/** The app's TanStack Query client: server data cache with retry rules that suit our API errors. */
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';

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
