/** The one plan on sale (product §9): basic, billed monthly, €29 a month with VAT included. */
import type { CheckoutRequest } from '@/lib/api-types/CheckoutRequest';

export const MONTHLY_PLAN = { planName: 'basic', planBillingCycle: 'monthly' } as const satisfies CheckoutRequest;
