/**
 * The billing screen's view of GET /api/v1/billing. It shares the ['billing'] cache entry with the
 * shell's paid status (lib/billing-status), and asks for a refetch on every return to the tab,
 * even within the cache's fresh period: the user has typically just paid or cancelled in the tab
 * the provider opened, and the banner reads the same entry, so it follows at once.
 */
import { useQuery } from '@tanstack/react-query';
import { billingQueryOptions } from '@/lib/billing-status';

/** How often billing is re-read while a payment is pending in another tab. */
export const PENDING_PAYMENT_POLL_MS = 4000;

/**
 * `awaitingPayment`: a checkout tab is open. Billing is then also polled, because a tab shown side
 * by side with the checkout never loses visibility, so the focus refetch alone would not notice.
 */
export const useBilling = ({ awaitingPayment = false }: { awaitingPayment?: boolean } = {}) =>
  useQuery({
    ...billingQueryOptions(),
    refetchOnWindowFocus: 'always',
    refetchInterval: awaitingPayment ? PENDING_PAYMENT_POLL_MS : false,
  });
