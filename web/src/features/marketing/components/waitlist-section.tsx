/**
 * The waitlist block at the end of the home page (anchor `waitlist-form`, spec §2). The form's code
 * (react-hook-form and zod) loads when the block nears the viewport or the page has settled, so it
 * never competes with the hero for a slow connection.
 */
import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { WAITLIST_ID } from '@/features/marketing/lib/content';
import { useNearViewport } from '@/features/marketing/lib/use-near-viewport';

const WaitlistForm = lazy(() =>
  import('@/features/marketing/components/waitlist-form').then((m) => ({ default: m.WaitlistForm })),
);

export function WaitlistSection() {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref);
  const placeholder = <div className="waitlist__placeholder" aria-busy="true" />;
  return (
    <section ref={ref} id={WAITLIST_ID} className="section waitlist" aria-labelledby="waitlist-title">
      <div className="waitlist__copy">
        <h2 id="waitlist-title">{t('waitlist.title')}</h2>
        <p className="section__lead">{t('waitlist.lead')}</p>
      </div>
      <div className="waitlist__card">
        {near ? (
          <Suspense fallback={placeholder}>
            <WaitlistForm labelledBy="waitlist-title" />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
    </section>
  );
}
