/**
 * A page's <title> and meta description in the current language: `titles.<name>` in the app's
 * title template (or the app's name alone), and `seo.descriptions.<name>` or the default one.
 * Shared by the app's routes (app/use-route-title.ts), the build-time prerender and the
 * participation page, which has no router (ADR 0011).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomTypeOptions, i18n as I18n } from 'i18next';

type AllStrings = CustomTypeOptions['resources']['translation'];

/** A page with a title of its own: a key of `titles`. */
export type TitleName = keyof AllStrings['titles'];
type DescribedName = keyof AllStrings['seo']['descriptions'];

/** The <title> and meta description of the page titled `titles.<name>` (the app's name without one). */
export function pageMeta(name: TitleName | undefined, i18n: I18n): { title: string; description: string } {
  const t = i18n.t.bind(i18n);
  const title = name ? t('app.titleTemplate', { page: t(`titles.${name}`) }) : t('app.name');
  const descriptionKey = `seo.descriptions.${name ?? 'default'}`;
  const description = i18n.exists(descriptionKey)
    ? t(descriptionKey as `seo.descriptions.${DescribedName}`)
    : t('seo.descriptions.default');
  return { title, description };
}

/** Keeps document.title and the meta description on the page titled `titles.<name>`. */
export function useDocumentMeta(name: TitleName | undefined): void {
  // useTranslation re-renders on a language switch, so the title follows the language.
  const { i18n } = useTranslation();
  const { title, description } = pageMeta(name, i18n);

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    // The HTML ships one (for crawlers that do not run scripts); keep it in step with the page.
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [description]);
}
