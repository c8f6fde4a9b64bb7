/** Landing hero: product §2's headline, two calls to action (waitlist, how it works) and a product preview. */
import { useTranslation } from 'react-i18next';
import { HOW_IT_WORKS_ID, WAITLIST_ID } from '@/features/marketing/lib/content';

export function HeroSection() {
  const { t } = useTranslation();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__copy">
        <p className="hero__badge">{t('landing.hero.badge')}</p>
        <h1 id="hero-title" className="hero__title">
          {t('landing.hero.title')}
        </h1>
        <p className="hero__lead">{t('landing.hero.lead')}</p>
        <div className="hero__actions">
          <a className="button button--primary button--large" href={`#${WAITLIST_ID}`}>
            {t('landing.hero.primaryCta')}
          </a>
          <a className="button button--ghost button--large" href={`#${HOW_IT_WORKS_ID}`}>
            {t('landing.hero.secondaryCta')}
          </a>
        </div>
        <p className="hero__note text-note">{t('landing.hero.note')}</p>
      </div>
      <HeroPreview />
    </section>
  );
}

/** A drawn (not photographed) session: recording badge, task card, a marker and a summary line. */
function HeroPreview() {
  const { t } = useTranslation();
  return (
    <div className="preview" role="img" aria-label={t('landing.mock.label')}>
      <div className="preview__bar" aria-hidden="true">
        <span className="preview__dot" />
        <span className="preview__dot" />
        <span className="preview__dot" />
        <span className="preview__url">tienda-brisa.example</span>
      </div>
      <div className="preview__body" aria-hidden="true">
        <div className="preview__page">
          <span className="preview__line preview__line--title" />
          <span className="preview__line" />
          <span className="preview__line preview__line--short" />
          <div className="preview__cards">
            <span className="preview__card" />
            <span className="preview__card preview__card--active" />
            <span className="preview__card" />
          </div>
          <svg className="preview__cursor" viewBox="0 0 16 22" width="16" height="22">
            {/* Fill and outline come from marketing.css (text on background), so the cursor follows the theme. */}
            <path d="M1 1v17l4.5-4.2 3 6.7 3-1.4-3-6.5H15Z" strokeWidth="1.3" />
          </svg>
        </div>
        <div className="preview__side">
          <span className="preview__rec">
            <span className="preview__rec-dot" />
            {t('landing.mock.rec')} 02:14
          </span>
          <div className="preview__task">
            <strong>{t('landing.mock.task')}</strong>
            <span>{t('landing.mock.taskText')}</span>
          </div>
          <span className="preview__marker">{t('landing.mock.marker')}</span>
          <span className="preview__summary">{t('landing.mock.summary')}</span>
        </div>
      </div>
    </div>
  );
}
