/** Terms and conditions (product §2): seventeen numbered sections, each with an anchor, and a linked table of contents. */
import { useTranslation } from 'react-i18next';
import { ProsePage } from '@/features/marketing/components/prose-page';
import { TERMS_SECTIONS } from '@/features/marketing/lib/content';
import '@/features/marketing/marketing.css';

const TOC_ID = 'indice';

export function TermsPage() {
  const { t } = useTranslation();
  return (
    <ProsePage
      title={t('terms.title')}
      note={<p className="terms__updated">{t('terms.updated')}</p>}
      lead={t('terms.intro')}
      className="terms"
    >
      <nav id={TOC_ID} className="terms__toc" aria-labelledby="terms-toc-title">
        <h2 id="terms-toc-title" className="terms__toc-title">
          {t('terms.tocTitle')}
        </h2>
        <ol className="list-indented">
          {TERMS_SECTIONS.map((key) => (
            <li key={key}>
              <a href={`#${key}`}>{t(`terms.sections.${key}.title`)}</a>
            </li>
          ))}
        </ol>
      </nav>
      {TERMS_SECTIONS.map((key, index) => (
        <section key={key} id={key} className="terms__section" aria-labelledby={`${key}-title`}>
          <h2 id={`${key}-title`}>
            <span className="terms__number">{index + 1}.</span> {t(`terms.sections.${key}.title`)}
          </h2>
          {t(`terms.sections.${key}.body`, { returnObjects: true }).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <p className="terms__back">
            <a href={`#${TOC_ID}`}>{t('terms.backToToc')}</a>
          </p>
        </section>
      ))}
    </ProsePage>
  );
}
