/** Public home at /home and /home/home: the same sections as the landing page, waitlist included during the beta. */
import { MarketingHome } from '@/features/marketing/components/marketing-home';

export function HomePage() {
  return <MarketingHome />;
}
