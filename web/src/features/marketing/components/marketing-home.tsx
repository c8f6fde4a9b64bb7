/** The home page content (product §2), shared by / and /home: hero, logos, steps, video, features, FAQ, waitlist. */
import { DemoVideoSection } from '@/features/marketing/components/demo-video-section';
import { FaqSection } from '@/features/marketing/components/faq-section';
import { FeaturesSection } from '@/features/marketing/components/features-section';
import { HeroSection } from '@/features/marketing/components/hero-section';
import { HowItWorksSection } from '@/features/marketing/components/how-it-works-section';
import { LogosStrip } from '@/features/marketing/components/logos-strip';
import { WaitlistSection } from '@/features/marketing/components/waitlist-section';
import '@/features/marketing/marketing.css';

export function MarketingHome() {
  return (
    <div className="marketing">
      <HeroSection />
      <LogosStrip />
      <HowItWorksSection />
      <DemoVideoSection />
      <FeaturesSection />
      <FaqSection />
      <WaitlistSection />
    </div>
  );
}
