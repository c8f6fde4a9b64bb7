/** The signed-in shell's 'Trial ended' banner (its paid status lives in lib/billing-status). */
export { TrialEndedBanner } from '@/features/billing-status/components/trial-ended-banner';
