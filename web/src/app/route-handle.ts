/** What routes declare in `handle`: the locale key of their <title>. */
import type es from '@/locales/es.json';

export type TitleName = keyof typeof es.titles;

export interface RouteHandle {
  titleKey?: `titles.${TitleName}`;
}

/** `handle` for a route whose <title> and heading is `titles.<name>`. */
export const titled = (name: TitleName): RouteHandle => ({ titleKey: `titles.${name}` });
