/** FAQ page (/preguntas-frecuentes and /home/preguntas-frecuentes): the nine questions of product §2 as an accordion. */
import { useTranslation } from 'react-i18next';
import { FaqAccordion } from '@/features/marketing/components/faq-accordion';
import '@/features/marketing/marketing.css';

export function FaqPage() {
  const { t } = useTranslation();
  return (
    <article className="marketing prose-page">
      <header className="prose-page__header">
        <h1>{t('faq.title')}</h1>
        <p className="section__lead">{t('faq.lead')}</p>
      </header>
      <FaqAccordion headingLevel={2} />
    </article>
  );
}
