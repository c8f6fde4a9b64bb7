/**
 * The public header's menu button (phones and narrow tablets): opens and closes the link panel it
 * controls, with aria-expanded and the button's visually hidden label in step. Both labels come
 * from the markup (`data-open-label`, `data-close-label`), so they are in the page's language.
 */

export function enhanceMenu(root: ParentNode): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button.menu-toggle[aria-controls]')) {
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    const label = button.querySelector('.visually-hidden');
    if (!panel) continue;
    const show = (open: boolean) => {
      button.setAttribute('aria-expanded', String(open));
      panel.dataset.open = String(open);
      const text = open ? button.dataset.closeLabel : button.dataset.openLabel;
      if (label && text) label.textContent = text;
    };
    button.addEventListener('click', () => show(button.getAttribute('aria-expanded') !== 'true'));
  }
}
