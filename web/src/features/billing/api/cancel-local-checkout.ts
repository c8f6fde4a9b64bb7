/** POST /api/v1/billing/local/checkout/{id}/cancel: the user backs out of the test-mode checkout. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingKeys } from '@/features/billing/api/query-keys';
import { post } from '@/lib/api-client';
import type { MessageResponse } from '@/lib/api-types/MessageResponse';
import { apiPaths } from '@/lib/api-paths';

export const cancelLocalCheckout = (sessionId: string) =>
  post<MessageResponse>(apiPaths.localCheckoutCancel(sessionId));

export function useCancelLocalCheckout(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelLocalCheckout(sessionId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.localCheckout(sessionId) }),
  });
}
