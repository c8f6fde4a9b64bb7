/**
 * Starts what the first screen needs the moment the app's script runs, in parallel, instead of
 * one step after another. Left to React, a deep link such as /entry/{id} waits for the router to
 * load the route's chunk, then renders the session check, which asks for the session, then the
 * page, which asks for its data: four round trips in a row before the player even has a URL.
 * Here every matched route's chunk starts loading at once, and routes that declare
 * `handle.warm` put their queries in the cache, which the screens then find in flight or done.
 */
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import type { RouteHandle } from '@/app/route-handle';

export function warmStart(routes: RouteObject[], pathname: string, queryClient: QueryClient): void {
  for (const { route, params } of matchRoutes(routes, pathname) ?? []) {
    // The router calls `lazy` again when it gets there; the module is then already loaded (or
    // loading), since a dynamic import of the same module is one fetch.
    if (typeof route.lazy === 'function') void Promise.resolve(route.lazy()).catch(() => undefined);
    (route.handle as RouteHandle | undefined)?.warm?.(params, queryClient);
  }
}
