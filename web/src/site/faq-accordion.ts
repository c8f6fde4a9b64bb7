/**
 * The FAQ accordion's behaviour (WAI-ARIA APG pattern) on the markup of
 * features/marketing/components/faq-accordion.tsx: a click (also Enter and Space, which native
 * buttons turn into clicks) opens or closes one answer, several may be open at once; ArrowDown and
 * ArrowUp (wrapping), Home and End move between the questions. Other keys are left alone.
 */

export function enhanceFaqAccordions(root: ParentNode): void {
  for (const accordion of root.querySelectorAll<HTMLElement>('.faq-accordion')) {
    const buttons = [...accordion.querySelectorAll<HTMLButtonElement>('.faq-accordion__button[aria-controls]')];
    buttons.forEach((button, index) => {
      button.addEventListener('click', () => toggle(button));
      button.addEventListener('keydown', (event) => {
        const last = buttons.length - 1;
        const target = {
          ArrowDown: index === last ? 0 : index + 1,
          ArrowUp: index === 0 ? last : index - 1,
          Home: 0,
          End: last,
        }[event.key];
        if (target === undefined) return;
        event.preventDefault();
        buttons[target]?.focus();
      });
    });
  }
}

/** Opens or closes the answer a question controls. */
export function toggle(button: HTMLButtonElement): void {
  const open = button.getAttribute('aria-expanded') !== 'true';
  const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
  button.setAttribute('aria-expanded', String(open));
  if (panel) panel.hidden = !open;
  const item = button.closest<HTMLElement>('.faq-accordion__item');
  if (item) item.toggleAttribute('data-open', open);
}
