/** Sets document.title from the deepest matched route's `handle.titleKey`, in the current language. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { RouteHandle } from '@/app/route-handle';

export function useRouteTitle(): void {
  const { t } = useTranslation();
  const matches = useMatches();
  const titleKey = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.titleKey)
    .filter((key) => key !== undefined)
    .at(-1);
  // `t` changes identity when the language changes, so the title follows the language switch.
  const title = titleKey ? t('app.titleTemplate', { page: t(titleKey) }) : t('app.name');

  useEffect(() => {
    document.title = title;
  }, [title]);
}
