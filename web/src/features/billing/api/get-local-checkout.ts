/** GET /api/v1/billing/local/checkout/{id}: the test-mode checkout session (404 when not the user's). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingKeys } from '@/features/billing/api/query-keys';
import type { LocalCheckoutDto } from '@/lib/api-types/LocalCheckoutDto';
import { apiPaths } from '@/lib/api-paths';
import { apiQuery } from '@/lib/query-client';

export const localCheckoutQueryOptions = (sessionId: string) =>
  queryOptions({
    ...apiQuery<LocalCheckoutDto>(billingKeys.localCheckout(sessionId), apiPaths.localCheckoutGet(sessionId)),
    // The session can be paid or cancelled from another tab; always show its current state.
    staleTime: 0,
  });

export const useLocalCheckout = (sessionId: string) => useQuery(localCheckoutQueryOptions(sessionId));
