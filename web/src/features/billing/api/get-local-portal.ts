/** GET /api/v1/billing/local/portal: the test-mode customer portal (subscription and invoices). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingKeys } from '@/features/billing/api/query-keys';
import type { LocalPortalDto } from '@/lib/api-types/LocalPortalDto';
import { apiPaths } from '@/lib/api-paths';
import { apiQuery } from '@/lib/query-client';

export const localPortalQueryOptions = () =>
  queryOptions({
    ...apiQuery<LocalPortalDto>(billingKeys.localPortal(), apiPaths.localPortalGet()),
    staleTime: 0,
  });

export const useLocalPortal = () => useQuery(localPortalQueryOptions());
