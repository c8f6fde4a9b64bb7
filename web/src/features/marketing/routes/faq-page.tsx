/** FAQ page (/preguntas-frecuentes and /home/preguntas-frecuentes): the nine questions of product §2 as an accordion. */
import { useTranslation } from 'react-i18next';
import { FaqAccordion } from '@/features/marketing/components/faq-accordion';
import { ProsePage } from '@/features/marketing/components/prose-page';
import '@/features/marketing/marketing.css';

export function FaqPage() {
  const { t } = useTranslation();
  return (
    <ProsePage title={t('faq.title')} lead={t('faq.lead')}>
      <FaqAccordion headingLevel={2} />
    </ProsePage>
  );
}
