/** "Cómo funciona": the three steps of product §2 (create an analysis, recruit participants, improve products). */
import { useTranslation } from 'react-i18next';
import { LandingSection, LineIcon } from '@/features/marketing/components/landing-section';
import { HOW_IT_WORKS_ID } from '@/features/marketing/lib/content';

const STEPS = [
  { key: 'create', icon: 'M5 4h10l4 4v12H5Zm9 0v5h5M8 13h8M8 17h5' },
  {
    key: 'recruit',
    icon: 'M10 14a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 7c0-4 3-6 7-6s7 2 7 6M16 5a4 4 0 0 1 0 8m3 2c1.5.8 2 2.5 2 5',
  },
  { key: 'improve', icon: 'M4 18 9 12l4 3 7-9M15 6h5v5' },
] as const;

export function HowItWorksSection() {
  const { t } = useTranslation();
  return (
    <LandingSection
      id={HOW_IT_WORKS_ID}
      titleId="how-it-works-title"
      title={t('landing.howItWorks.title')}
      lead={t('landing.howItWorks.lead')}
    >
      <ol className="steps">
        {STEPS.map(({ key, icon }, index) => (
          <li key={key} className="steps__item">
            <span className="steps__icon" aria-hidden="true">
              <LineIcon path={icon} size={28} />
            </span>
            <p className="steps__number">{t('landing.howItWorks.step', { n: index + 1 })}</p>
            <h3>{t(`landing.howItWorks.${key}.title`)}</h3>
            <p>{t(`landing.howItWorks.${key}.body`)}</p>
          </li>
        ))}
      </ol>
    </LandingSection>
  );
}
