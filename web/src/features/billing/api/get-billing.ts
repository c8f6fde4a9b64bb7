/**
 * The billing screen's view of GET /api/v1/billing. It shares the ['billing'] cache entry with the
 * shell's paid status (billing-status feature), and asks for a refetch on every return to the tab,
 * even within the cache's fresh period: the user has typically just paid or cancelled in the tab
 * the provider opened, and the banner reads the same entry, so it follows at once.
 */
import { useQuery } from '@tanstack/react-query';
import { billingQueryOptions } from '@/features/billing-status';

export const useBilling = () => useQuery({ ...billingQueryOptions(), refetchOnWindowFocus: 'always' });
