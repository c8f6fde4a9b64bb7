/** The FAQ on the home page: the same accordion as /preguntas-frecuentes, under an h2. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { FaqAccordion } from '@/features/marketing/components/faq-accordion';
import { LandingSection } from '@/features/marketing/components/landing-section';

export function FaqSection() {
  const { t } = useTranslation();
  return (
    <LandingSection
      id="faq"
      className="section section--narrow"
      titleId="faq-title"
      title={t('landing.faq.title')}
      lead={t('landing.faq.lead')}
    >
      <FaqAccordion headingLevel={3} />
      <p className="section__more">
        <Link to={paths.faq}>{t('landing.faq.more')}</Link>
      </p>
    </LandingSection>
  );
}
