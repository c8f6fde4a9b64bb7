/** GET /api/v1/billing/local/portal: the test-mode customer portal (subscription and invoices). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingKeys } from '@/features/billing/api/query-keys';
import { get } from '@/lib/api-client';
import type { LocalPortalDto } from '@/lib/api-types/LocalPortalDto';
import { apiPaths } from '@/lib/api-paths';

export const fetchLocalPortal = (signal?: AbortSignal) => get<LocalPortalDto>(apiPaths.localPortalGet(), { signal });

export const localPortalQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.localPortal(),
    queryFn: ({ signal }) => fetchLocalPortal(signal),
    staleTime: 0,
  });

export const useLocalPortal = () => useQuery(localPortalQueryOptions());
