/**
 * POST /api/v1/billing: creates the user's billing customer (idempotent on the server), and the
 * product §4 rule that uses it: with no subscription and no customer id once billing has loaded, the
 * client creates the customer once and reloads billing.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { billingKeys } from '@/features/billing/api/query-keys';
import { post } from '@/lib/api-client';
import type { BillingResponse } from '@/lib/api-types/BillingResponse';
import type { CustomerResponse } from '@/lib/api-types/CustomerResponse';
import { apiPaths } from '@/lib/api-paths';

export const createCustomer = () => post<CustomerResponse>(apiPaths.billingCreateCustomer());

/** Creates the customer, then reloads billing so the screen sees its id. */
export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.status, exact: true }),
  });
}

export const needsCustomer = (billing: BillingResponse | undefined) =>
  billing !== undefined && billing.billingData.Subscription.length === 0 && !billing.billingData.stripe_customer_id;

/**
 * Runs the creation at most once per mounted screen. The ref survives StrictMode's second effect
 * run, so development does not send it twice; a failure is left alone (checkout creates the
 * customer itself too), and a later visit tries again.
 */
export function useEnsureCustomer(billing: BillingResponse | undefined) {
  const { mutate } = useCreateCustomer();
  const asked = useRef(false);
  const missing = needsCustomer(billing);

  useEffect(() => {
    if (!missing || asked.current) return;
    asked.current = true;
    mutate();
  }, [missing, mutate]);
}
