/**
 * The FAQ as an accordion (WAI-ARIA APG pattern): each question is a native <button> inside a heading,
 * with aria-expanded and aria-controls, so Enter and Space toggle it as buttons always do. Arrow keys,
 * Home and End move between questions. Several answers may be open at once.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FAQ_ITEMS, type FaqItem } from '@/features/marketing/lib/content';

interface FaqAccordionProps {
  /** Heading level of the questions, so the page outline stays in order (h2 on /faq, h3 in a section). */
  headingLevel: 2 | 3;
}

export function FaqAccordion({ headingLevel }: FaqAccordionProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<FaqItem>>(() => new Set());
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const toggle = (item: FaqItem) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(item)) next.delete(item);
      else next.add(item);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = FAQ_ITEMS.length - 1;
    const target = {
      ArrowDown: index === last ? 0 : index + 1,
      ArrowUp: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  };

  return (
    <div className="faq-accordion">
      {FAQ_ITEMS.map((item, index) => {
        const expanded = open.has(item);
        const buttonId = `${baseId}-${item}-question`;
        const panelId = `${baseId}-${item}-answer`;
        return (
          <div key={item} className="faq-accordion__item" data-open={expanded || undefined}>
            <Heading className="faq-accordion__heading">
              <button
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                id={buttonId}
                type="button"
                className="faq-accordion__button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(item)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                <span>{t(`faq.items.${item}.question`)}</span>
                <svg className="faq-accordion__icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
                  <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </Heading>
            <div id={panelId} className="faq-accordion__panel" hidden={!expanded}>
              <p>{t(`faq.items.${item}.answer`)}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
