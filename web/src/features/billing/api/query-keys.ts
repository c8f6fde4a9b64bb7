/**
 * Cache keys of the billing screens. They all start with ['billing'] (the key the shell's paid
 * status lives under), so invalidating ['billing'] after a payment or cancellation refreshes the
 * banner, the billing screen and the test-mode pages together.
 */
import { BILLING_QUERY_KEY } from '@/lib/billing-status';

export const billingKeys = {
  status: BILLING_QUERY_KEY,
  localCheckout: (sessionId: string) => [...BILLING_QUERY_KEY, 'local-checkout', sessionId] as const,
  localPortal: () => [...BILLING_QUERY_KEY, 'local-portal'] as const,
};
