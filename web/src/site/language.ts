/**
 * The language of a prerendered public page (ADR 0011). The build renders every public page twice:
 * in Spanish, which is the HTML, and in English, a JSON file under /assets named by #root's
 * `data-page-en`. English is fetched only when it is wanted: the visitor picks it in the header's
 * switch, picked it before this script ran, or chose it on an earlier visit (stored, as the app
 * does). Switching replaces #root's content and the page's title, description and `lang`, keeps
 * what the visitor had done there (open answers, the menu, typed values) and the keyboard focus.
 * Without `data-page-en` (the app rendering a public page under `vite dev`) the app's own switch
 * does the work, and this module stays out of the way.
 */
import { DEFAULT_LANGUAGE, type Language } from '@/config/constants';
import { isLanguage, storedLanguage, storeLanguage } from '@/lib/language';

/** One language's version of a page, as scripts/prerender.mjs writes it. */
export interface PageText {
  html: string;
  title: string;
  description: string;
  lang: string;
}

const SWITCH = 'select[data-language-switch]';
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/** Where a language's version of the page is, if the build made one. */
function sourceOf(root: HTMLElement, language: Language): string | undefined {
  return root.dataset[`page${language[0]!.toUpperCase()}${language.slice(1)}`];
}

const descriptionMeta = () => document.querySelector<HTMLMetaElement>('meta[name="description"]');

/**
 * Starts language switching on `root` (call before anything changes the served markup, which it
 * keeps as the Spanish version); `enhance` gives new content its behaviour.
 */
export function startLanguage(root: HTMLElement, enhance: (root: HTMLElement) => void): void {
  if (!sourceOf(root, 'en')) return;
  const versions = new Map<Language, Promise<PageText>>([
    [
      DEFAULT_LANGUAGE,
      Promise.resolve({
        html: root.innerHTML,
        title: document.title,
        description: descriptionMeta()?.content ?? '',
        lang: DEFAULT_LANGUAGE,
      }),
    ],
  ]);
  let shown: Language = DEFAULT_LANGUAGE;
  let wanted: Language = DEFAULT_LANGUAGE;

  const load = (language: Language): Promise<PageText> => {
    let version = versions.get(language);
    if (!version) {
      version = fetchVersion(sourceOf(root, language) ?? '');
      // A failed fetch may be tried again on the next choice.
      version.catch(() => versions.delete(language));
      versions.set(language, version);
    }
    return version;
  };

  const show = async (language: Language) => {
    wanted = language;
    let text: PageText;
    try {
      text = await load(language);
    } catch {
      // Offline or a deploy removed the file: the page stays as it is, and says so in the switch.
      if (wanted === language) {
        wanted = shown;
        for (const select of root.querySelectorAll<HTMLSelectElement>(SWITCH)) select.value = shown;
      }
      return;
    }
    // A later choice wins over a slower earlier one.
    if (wanted !== language || shown === language) return storeLanguage(shown);
    replaceContent(root, text.html, enhance);
    document.title = text.title;
    const meta = descriptionMeta();
    if (meta) meta.content = text.description;
    document.documentElement.lang = text.lang;
    storeLanguage(language);
    shown = language;
  };

  // Delegated, so it outlives the content it replaces.
  root.addEventListener('change', (event) => {
    const select = event.target;
    if (select instanceof HTMLSelectElement && select.matches(SWITCH) && isLanguage(select.value))
      void show(select.value);
  });

  // A choice made on the page before this script ran is in the switch; else the remembered one.
  const picked = [...root.querySelectorAll<HTMLSelectElement>(SWITCH)]
    .map((select) => select.value)
    .find((value) => value !== DEFAULT_LANGUAGE);
  const initial = isLanguage(picked) ? picked : storedLanguage();
  if (initial !== DEFAULT_LANGUAGE) void show(initial);
}

async function fetchVersion(url: string): Promise<PageText> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const text = (await response.json()) as PageText;
  if (typeof text.html !== 'string') throw new Error(`${url}: not a page`);
  return text;
}

/**
 * Swaps #root's content for the same page in another language. The two have the same structure,
 * so what the visitor did carries over by position: expanded buttons are clicked open again,
 * typed values and ticks are copied, and the focused element's counterpart takes the focus.
 */
function replaceContent(root: HTMLElement, html: string, enhance: (root: HTMLElement) => void): void {
  const before = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const focused = before.indexOf(document.activeElement as HTMLElement);
  const expanded = [...root.querySelectorAll('button[aria-expanded]')].map(
    (b) => b.getAttribute('aria-expanded') === 'true',
  );
  const fields = [...root.querySelectorAll<HTMLInputElement>('input')].map((input) => ({
    value: input.value,
    checked: input.checked,
  }));

  root.innerHTML = html;
  enhance(root);

  root.querySelectorAll<HTMLButtonElement>('button[aria-expanded]').forEach((button, index) => {
    if (expanded[index]) button.click();
  });
  root.querySelectorAll<HTMLInputElement>('input').forEach((input, index) => {
    const field = fields[index];
    if (!field) return;
    input.value = field.value;
    input.checked = field.checked;
  });
  if (focused >= 0) root.querySelectorAll<HTMLElement>(FOCUSABLE)[focused]?.focus();
}
