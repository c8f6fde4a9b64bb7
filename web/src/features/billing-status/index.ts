/** Whether the signed-in user has an active subscription, and the shell's 'Trial ended' banner. */
export { billingQueryOptions, BILLING_QUERY_KEY, usePaidStatus, type PaidStatus } from '@/features/billing-status/api/get-billing';
export { TrialEndedBanner } from '@/features/billing-status/components/trial-ended-banner';
