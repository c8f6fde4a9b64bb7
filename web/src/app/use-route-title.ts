/**
 * Sets document.title from the deepest matched route's `handle.titleKey`, in the current language,
 * and the meta description from `seo.descriptions.<same name>` (or `seo.descriptions.default`).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { RouteHandle } from '@/app/route-handle';
import type es from '@/locales/es.json';

type DescribedName = keyof typeof es.seo.descriptions;

export function useRouteTitle(): void {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const titleKey = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.titleKey)
    .filter((key) => key !== undefined)
    .at(-1);
  // `t` changes identity when the language changes, so the title follows the language switch.
  const title = titleKey ? t('app.titleTemplate', { page: t(titleKey) }) : t('app.name');
  const name = titleKey?.slice('titles.'.length) ?? 'default';
  const descriptionKey = `seo.descriptions.${name}`;
  const description = i18n.exists(descriptionKey)
    ? t(descriptionKey as `seo.descriptions.${DescribedName}`)
    : t('seo.descriptions.default');

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    // index.html ships one (for crawlers that do not run scripts); keep it in step with the page.
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [description]);
}
