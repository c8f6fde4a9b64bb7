/** Waitlist landing page at / (product §2; to be removed after launch): the home page content. */
import { MarketingHome } from '@/features/marketing/components/marketing-home';

export function LandingPage() {
  return <MarketingHome />;
}
