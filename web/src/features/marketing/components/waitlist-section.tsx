/** The waitlist block at the end of the home page (anchor `waitlist-form`, product §2). */
import { useTranslation } from 'react-i18next';
import { LandingSection } from '@/features/marketing/components/landing-section';
import { WaitlistForm } from '@/features/marketing/components/waitlist-form';
import { WAITLIST_ID } from '@/features/marketing/lib/content';

export function WaitlistSection() {
  const { t } = useTranslation();
  return (
    <LandingSection
      id={WAITLIST_ID}
      className="section waitlist"
      headerClass="waitlist__copy"
      titleId="waitlist-title"
      title={t('waitlist.title')}
      lead={t('waitlist.lead')}
    >
      <div className="waitlist__card">
        <WaitlistForm labelledBy="waitlist-title" />
      </div>
    </LandingSection>
  );
}
