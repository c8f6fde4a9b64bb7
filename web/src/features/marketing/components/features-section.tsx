/** The four feature cards of product §1: link recruiting, rich recordings, assisted analysis, privacy controls. */
import { useTranslation } from 'react-i18next';
import { LandingSection, LineIcon } from '@/features/marketing/components/landing-section';

const FEATURES = [
  {
    key: 'recruiting',
    icon: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  },
  { key: 'recordings', icon: 'M3 6h13v12H3Zm13 4 5-3v10l-5-3' },
  { key: 'analysis', icon: 'M6 3h9l4 4v14H6Zm3 7h7m-7 4h7m-7 4h4M10 3v4' },
  { key: 'privacy', icon: 'M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6Zm-3 9 2 2 4-4' },
] as const;

export function FeaturesSection() {
  const { t } = useTranslation();
  return (
    <LandingSection
      id="features"
      titleId="features-title"
      title={t('landing.features.title')}
      lead={t('landing.features.lead')}
    >
      <ul className="features">
        {FEATURES.map(({ key, icon }) => (
          <li key={key} className="features__card">
            <span className="features__icon" aria-hidden="true">
              <LineIcon path={icon} size={24} />
            </span>
            <h3>{t(`landing.features.${key}.title`)}</h3>
            <p>{t(`landing.features.${key}.body`)}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
