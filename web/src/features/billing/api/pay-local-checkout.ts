/** POST /api/v1/billing/local/checkout/{id}/pay: the test-mode payment, which starts the subscription. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingKeys } from '@/features/billing/api/query-keys';
import { post } from '@/lib/api-client';
import type { MessageResponse } from '@/lib/api-types/MessageResponse';
import { apiPaths } from '@/lib/api-paths';

export const payLocalCheckout = (sessionId: string) =>
  post<MessageResponse>(apiPaths.localCheckoutPay(sessionId));

export function usePayLocalCheckout(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => payLocalCheckout(sessionId),
    // Paid or refused (closed session, already subscribed): either way billing and the session changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.status }),
  });
}
