/**
 * The two ways out of the test-mode checkout: POST /api/v1/billing/local/checkout/{id}/pay, the
 * payment that starts the subscription, and …/cancel, the user backing out.
 */
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { billingKeys } from '@/features/billing/api/query-keys';
import { post } from '@/lib/api-client';
import type { MessageResponse } from '@/lib/api-types/MessageResponse';
import { apiPaths } from '@/lib/api-paths';

/** Paid or refused (closed session, already subscribed): either way billing and the session changed. */
export const usePayLocalCheckout = (sessionId: string) =>
  useCheckoutAction(apiPaths.localCheckoutPay(sessionId), billingKeys.status);

export const useCancelLocalCheckout = (sessionId: string) =>
  useCheckoutAction(apiPaths.localCheckoutCancel(sessionId), billingKeys.localCheckout(sessionId));

function useCheckoutAction(path: string, changed: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => post<MessageResponse>(path),
    onSettled: () => queryClient.invalidateQueries({ queryKey: changed }),
  });
}
