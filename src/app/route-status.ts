import type { AnyRouter } from '@tanstack/react-router';

/**
 * Whether the page at `pathname` is an area in preparation: read from the route tree (the route's
 * `staticData.status`), so a page is marked in every navigation by declaring it once, next to its path.
 */
export function isPlannedPath(router: Pick<AnyRouter, 'getMatchedRoutes'>, pathname: string): boolean {
  const foundRoute = router.getMatchedRoutes(pathname)[2];
  return foundRoute?.options.staticData?.status === 'planned';
}
