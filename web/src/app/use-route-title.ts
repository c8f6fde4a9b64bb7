/**
 * Sets document.title from the deepest matched route's `handle.titleKey`, in the current language,
 * and the meta description from `seo.descriptions.<same name>` (or `seo.descriptions.default`).
 * `routeMeta` is the same rule without React, for the build-time prerender of public pages.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { i18n as I18n } from 'i18next';
import type { RouteHandle } from '@/app/route-handle';
import type es from '@/locales/es.json';

type DescribedName = keyof typeof es.seo.descriptions;

/** The <title> and meta description of the page the matches describe. */
export function routeMeta(
  matches: readonly { handle?: unknown }[],
  i18n: I18n,
): { title: string; description: string } {
  const t = i18n.t.bind(i18n);
  const titleKey = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.titleKey)
    .filter((key) => key !== undefined)
    .at(-1);
  const title = titleKey ? t('app.titleTemplate', { page: t(titleKey) }) : t('app.name');
  const name = titleKey?.slice('titles.'.length) ?? 'default';
  const descriptionKey = `seo.descriptions.${name}`;
  const description = i18n.exists(descriptionKey)
    ? t(descriptionKey as `seo.descriptions.${DescribedName}`)
    : t('seo.descriptions.default');
  return { title, description };
}

export function useRouteTitle(): void {
  // useTranslation re-renders on a language switch, so the title follows the language.
  const { i18n } = useTranslation();
  const { title, description } = routeMeta(useMatches(), i18n);

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
