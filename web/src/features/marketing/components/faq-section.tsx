/** The FAQ on the home page: the same accordion as /preguntas-frecuentes, under an h2. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { FaqAccordion } from '@/features/marketing/components/faq-accordion';

export function FaqSection() {
  const { t } = useTranslation();
  return (
    <section id="faq" className="section section--narrow" aria-labelledby="faq-title">
      <div className="section__header">
        <h2 id="faq-title">{t('landing.faq.title')}</h2>
        <p className="section__lead">{t('landing.faq.lead')}</p>
      </div>
      <FaqAccordion headingLevel={3} />
      <p className="section__more">
        <Link to={paths.faq}>{t('landing.faq.more')}</Link>
      </p>
    </section>
  );
}
