import cors from '@koa/cors';
import type Router from '@koa/router';
import Koa from 'koa';
import type { Registry } from 'prom-client';
import compress from 'koa-compress';
import { constants as zlib } from 'node:zlib';
import { ApiKeyRepository, NotFoundError } from '@trendscope/core';
import { KeyVerifier } from './auth/key-verifier';
import { LastUsedRecorder } from './auth/last-used-recorder';
import { BackendState } from './cache/backend-state';
import { ResponseCache } from './cache/response-cache';
import type { ApiDeps } from './deps';
import { errorHandler } from './middleware/errors.middleware';
import { methodGuard } from './middleware/method-guard.middleware';
import { observeRequests } from './middleware/observe.middleware';
import { quotaMiddleware } from './middleware/quota.middleware';
import { requestId } from './middleware/request-id.middleware';
import { routePatternFinder } from './middleware/route-pattern';
import { securityHeaders } from './middleware/security-headers.middleware';
import { requestTimeout } from './middleware/timeout.middleware';
import { contentRouter } from './routes/content.router';
import { docsRouter } from './routes/docs.router';
import { healthRouter } from './routes/health.router';
import { MCP_PATH } from './routes/mcp.router';
import { platformRouter } from './routes/platform.router';
import type { RouteContext } from './routes/route-context';
import { DOCS_PATHS, ROUTE_SPECS } from './routes/route-specs';
import { searchRouter } from './routes/search.router';
import { sourcesRouter } from './routes/sources.router';
import { trendsRouter } from './routes/trends.router';

/** What the composition root may add to the app without the app knowing what it is. */
export interface BuildAppOptions {
  /** Routers mounted after the API's own, behind the same middleware (e.g. the MCP endpoint). */
  extraRouters?: readonly Router[];
  /** Where the request metrics go (main.ts serves it on the metrics port); none: not counted. */
  metrics?: Registry;
}

/** Builds the Koa app without listening; main.ts and the tests decide where it runs. */
export function buildApp(deps: ApiDeps, options: BuildAppOptions = {}): Koa {
  const app = new Koa({ proxy: false });
  app.silent = true;
  const rc: RouteContext = {
    deps,
    queries: {
      opensearch: deps.opensearch,
      names: deps.names,
      queryTimeoutMs: deps.config.opensearch.queryTimeoutMs,
      ...(deps.now ? { now: deps.now } : {}),
    },
    cache: new ResponseCache({
      redis: deps.redis,
      keyPrefix: deps.config.redis.keyPrefix,
      ttlMs: deps.config.api.cacheTtlMs,
      maxBytes: deps.config.api.cacheMaxBytes,
    }),
    backend: new BackendState(deps.opensearch, deps.names),
  };

  const routers = [
    healthRouter(deps),
    trendsRouter(rc),
    searchRouter(rc),
    platformRouter(rc),
    sourcesRouter(rc),
    contentRouter(rc),
    docsRouter(deps.config.api.publicUrl),
    ...(options.extraRouters ?? []),
  ];

  app.use(requestId());
  app.use(observeRequests(deps.logger, options.metrics, routePatternFinder(routers)));
  app.use(securityHeaders());
  const keyRepo = new ApiKeyRepository(deps.opensearch, deps.names.api_keys);
  const quota = quotaMiddleware({
    config: deps.config,
    logger: deps.logger,
    redis: deps.redis,
    quotas: deps.quotas,
    verifier: new KeyVerifier({
      repo: keyRepo,
      redis: deps.redis,
      keyPrefix: deps.config.redis.keyPrefix,
      hashSecret: deps.config.keys.hashSecret,
      cacheTtlSeconds: deps.config.keys.cacheTtlSeconds,
    }),
    lastUsed: new LastUsedRecorder(keyRepo, deps.logger),
    ...(options.metrics ? { metrics: options.metrics } : {}),
  });
  // The CORS middleware answers a preflight itself: labelled here, uncounted, like every answer.
  app.use(quota.preflight);
  app.use(
    cors({
      origin: '*',
      allowMethods: 'GET,HEAD,OPTIONS',
      // Every answer header a browser page could not read otherwise (Last-Modified is safelisted).
      exposeHeaders: [
        'ETag',
        'Age',
        'x-request-id',
        'Retry-After',
        'RateLimit',
        'RateLimit-Policy',
        'WWW-Authenticate',
      ],
      maxAge: 86400,
    }),
  );
  app.use(
    compress({
      threshold: 1024,
      gzip: { level: 6 },
      // Brotli's default quality (11) costs far more CPU than it saves on small JSON answers.
      br: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
      deflate: false,
    }),
  );
  app.use(errorHandler(deps.logger, [MCP_PATH]));
  app.use(requestTimeout(deps.config.api.requestTimeoutMs, /^\/console(\/|$)/));
  app.use(quota.guard);
  // After the quota guard: a 405 carries RateLimit headers like every answer (and is counted like a 404).
  app.use(methodGuard([...ROUTE_SPECS.map((s) => s.path), ...DOCS_PATHS]));

  for (const router of routers) app.use(router.routes());
  app.use(() => {
    throw new NotFoundError('Not Found');
  });
  return app;
}
