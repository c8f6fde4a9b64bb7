/** The waitlist block at the end of the home page (anchor `waitlist-form`, product §2). */
import { useTranslation } from 'react-i18next';
import { WaitlistForm } from '@/features/marketing/components/waitlist-form';
import { WAITLIST_ID } from '@/features/marketing/lib/content';

export function WaitlistSection() {
  const { t } = useTranslation();
  return (
    <section id={WAITLIST_ID} className="section waitlist" aria-labelledby="waitlist-title">
      <div className="waitlist__copy">
        <h2 id="waitlist-title">{t('waitlist.title')}</h2>
        <p className="section__lead">{t('waitlist.lead')}</p>
      </div>
      <div className="waitlist__card">
        <WaitlistForm labelledBy="waitlist-title" />
      </div>
    </section>
  );
}
