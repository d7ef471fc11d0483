import type Router from '@koa/router';

/** Finds the route pattern a request path would reach, without running the route. */
export type RoutePatternOf = (path: string, method: string) => string | undefined;

/**
 * The route pattern (`/v1/trends/:trend_id`) the routers would answer a request with: the first
 * route layer of the first router that has one, the layer @koa/router would run and name in `_matchedRoute`;
 * for answers given before routing (401 bad key, 429 quota, 405, time-outs), so they are labelled
 * by the route they refused and never by the raw path.
 */
export function routePatternFinder(routers: readonly Router[]): RoutePatternOf {
  return (path, method) => {
    for (const router of routers) {
      const match = router.match(path, method === 'HEAD' ? 'GET' : method);
      if (!match.route) continue;
      const layer = match.pathAndMethod.find((l) => l.methods.length > 0);
      if (layer && typeof layer.path === 'string') return layer.path;
    }
    return undefined;
  };
}
