/**
 * The FAQ as an accordion (WAI-ARIA APG pattern): each question is a native <button> inside a heading,
 * with aria-expanded and aria-controls, so Enter and Space toggle it as buttons always do. This is
 * the markup, rendered at build time, all answers closed; web/src/site/faq-accordion.ts opens and
 * closes them and moves between questions with the arrow keys, Home and End (ADR 0011).
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FAQ_ITEMS } from '@/features/marketing/lib/content';

interface FaqAccordionProps {
  /** Heading level of the questions, so the page outline stays in order (h2 on /faq, h3 in a section). */
  headingLevel: 2 | 3;
}

export function FaqAccordion({ headingLevel }: FaqAccordionProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <div className="faq-accordion">
      {FAQ_ITEMS.map((item) => {
        const buttonId = `${baseId}-${item}-question`;
        const panelId = `${baseId}-${item}-answer`;
        return (
          <div key={item} className="faq-accordion__item">
            <Heading className="faq-accordion__heading">
              <button
                id={buttonId}
                type="button"
                className="faq-accordion__button"
                aria-expanded={false}
                aria-controls={panelId}
              >
                <span>{t(`faq.items.${item}.question`)}</span>
                <svg className="faq-accordion__icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
                  <path
                    d="M5 7.5 10 12.5 15 7.5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
              </button>
            </Heading>
            <div id={panelId} className="faq-accordion__panel" hidden>
              <p>{t(`faq.items.${item}.answer`)}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
