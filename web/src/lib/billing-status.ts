/**
 * GET /api/v1/billing, cached under ['billing'] and re-checked whenever the window regains focus
 * (the user may have just paid in the checkout tab), and `usePaidStatus`, the subscription gate
 * the researcher screens read. Shared: the shell's banner, the dashboard, the new-analysis screen
 * and the billing screens all read this one cache entry.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingResponse } from '@/lib/api-types/BillingResponse';
import { apiPaths } from '@/lib/api-paths';
import { apiQuery } from '@/lib/query-client';

export const BILLING_QUERY_KEY = ['billing'] as const;

export const billingQueryOptions = () =>
  queryOptions({
    ...apiQuery<BillingResponse>(BILLING_QUERY_KEY, apiPaths.billingGet()),
    // 'always': a payment made in another tab must show as soon as the user comes back.
    refetchOnWindowFocus: 'always',
  });

export interface PaidStatus {
  /** True with an active subscription, false without one, undefined until known (or on error). */
  paid: boolean | undefined;
  isPending: boolean;
  isError: boolean;
}

export function usePaidStatus(): PaidStatus {
  const billing = useQuery(billingQueryOptions());
  return {
    paid: billing.data?.billingData.paid,
    isPending: billing.isPending,
    isError: billing.isError,
  };
}
