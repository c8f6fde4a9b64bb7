/**
 * Starts a public page: behaviour for its interactive parts, language switching, and the
 * <html data-interactive> mark (the browser tests wait for it before using buttons and fields).
 */
import { enhanceFaqAccordions } from '@/site/faq-accordion';
import { startLanguage } from '@/site/language';
import { enhanceMenu } from '@/site/menu';
import { revealPosters } from '@/site/near-viewport';
import { enhanceWaitlistForms } from '@/site/waitlist-form';

/** Behaviour for the interactive parts inside `root` (again after a language switch replaced them). */
export function enhance(root: HTMLElement): void {
  enhanceMenu(root);
  enhanceFaqAccordions(root);
  enhanceWaitlistForms(root);
  revealPosters(root);
}

export function startSite(root: HTMLElement | null = document.getElementById('root')): void {
  if (!root) return;
  // First, while the markup is still exactly as served: that is the Spanish version of the page.
  startLanguage(root, enhance);
  enhance(root);
  document.documentElement.dataset.interactive = 'true';
}
