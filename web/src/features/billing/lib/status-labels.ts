/**
 * Locale keys for the provider's subscription and invoice statuses (Stripe's vocabulary); an
 * unknown status has no key and is shown as the provider wrote it. Keys are camelCase: i18next
 * reads `_` in a key as a plural/context suffix.
 */
const SUBSCRIPTION = {
  active: 'billing.portal.statuses.active',
  trialing: 'billing.portal.statuses.trialing',
  canceled: 'billing.portal.statuses.canceled',
  past_due: 'billing.portal.statuses.pastDue',
  unpaid: 'billing.portal.statuses.unpaid',
  incomplete: 'billing.portal.statuses.incomplete',
  incomplete_expired: 'billing.portal.statuses.incompleteExpired',
} as const;

const INVOICE = {
  paid: 'billing.portal.invoiceStatuses.paid',
  open: 'billing.portal.invoiceStatuses.open',
  draft: 'billing.portal.invoiceStatuses.draft',
  void: 'billing.portal.invoiceStatuses.void',
  uncollectible: 'billing.portal.invoiceStatuses.uncollectible',
} as const;

type SubscriptionKey = (typeof SUBSCRIPTION)[keyof typeof SUBSCRIPTION];
type InvoiceKey = (typeof INVOICE)[keyof typeof INVOICE];

export const subscriptionStatusKey = (status: string): SubscriptionKey | undefined =>
  Object.hasOwn(SUBSCRIPTION, status) ? SUBSCRIPTION[status as keyof typeof SUBSCRIPTION] : undefined;

export const invoiceStatusKey = (status: string): InvoiceKey | undefined =>
  Object.hasOwn(INVOICE, status) ? INVOICE[status as keyof typeof INVOICE] : undefined;

/** Statuses that still give access, i.e. that the portal can cancel. */
export const isLiveStatus = (status: string) => status === 'active' || status === 'trialing';
