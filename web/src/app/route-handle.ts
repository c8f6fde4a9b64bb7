/** What routes declare in `handle`: the locale key of their <title>, and what to fetch early. */
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import type { TitleName } from '@/lib/document-meta';

export type { TitleName };

export interface RouteHandle {
  titleKey?: `titles.${TitleName}`;
  /**
   * Prefetches the data the route's screen will ask for first, when the app starts on this route
   * (app/warm-start.ts). Only for data that does not depend on another answer.
   */
  warm?: (params: Params, queryClient: QueryClient) => void;
}

/** `handle` for a route whose <title> and heading is `titles.<name>`. */
export const titled = (name: TitleName): RouteHandle => ({ titleKey: `titles.${name}` });
