/** POST /api/v1/billing/local/portal/cancel: ends the active subscription at once (test mode). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingKeys } from '@/features/billing/api/query-keys';
import { post } from '@/lib/api-client';
import type { MessageResponse } from '@/lib/api-types/MessageResponse';
import { apiPaths } from '@/lib/api-paths';

export const cancelLocalSubscription = () => post<MessageResponse>(apiPaths.localPortalCancel());

export function useCancelLocalSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelLocalSubscription,
    // Refreshes the portal and the paid status (every key under ['billing']).
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.status }),
  });
}
