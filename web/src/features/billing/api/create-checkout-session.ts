/** POST /api/v1/billing/checkout-session for the one plan there is (product §9: basic, monthly). */
import { useMutation } from '@tanstack/react-query';
import { MONTHLY_PLAN } from '@/features/billing/lib/plan';
import { post } from '@/lib/api-client';
import type { CheckoutRequest } from '@/lib/api-types/CheckoutRequest';
import type { CheckoutResponse } from '@/lib/api-types/CheckoutResponse';
import { apiPaths } from '@/lib/api-paths';

export const createCheckoutSession = (plan: CheckoutRequest = MONTHLY_PLAN) =>
  post<CheckoutResponse>(apiPaths.billingCheckout(), plan);

export const useCreateCheckoutSession = () => useMutation({ mutationFn: () => createCheckoutSession() });
