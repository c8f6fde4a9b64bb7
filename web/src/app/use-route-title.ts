/**
 * Sets document.title and the meta description from the deepest matched route's
 * `handle.titleKey` (lib/document-meta.ts has the rule). `routeMeta` is the same without React,
 * for the build-time prerender of public pages.
 */
import { useMatches } from 'react-router';
import type { i18n as I18n } from 'i18next';
import type { RouteHandle, TitleName } from '@/app/route-handle';
import { pageMeta, useDocumentMeta } from '@/lib/document-meta';

/** The name (`titles.<name>`) of the page the matches describe, if one of them has a title. */
function titleName(matches: readonly { handle?: unknown }[]): TitleName | undefined {
  const titleKey = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.titleKey)
    .filter((key) => key !== undefined)
    .at(-1);
  return titleKey?.slice('titles.'.length) as TitleName | undefined;
}

/** The <title> and meta description of the page the matches describe. */
export function routeMeta(
  matches: readonly { handle?: unknown }[],
  i18n: I18n,
): { title: string; description: string } {
  return pageMeta(titleName(matches), i18n);
}

export function useRouteTitle(): void {
  useDocumentMeta(titleName(useMatches()));
}
