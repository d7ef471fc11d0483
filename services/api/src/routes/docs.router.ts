import Router from '@koa/router';
import { buildOpenApi } from '../openapi/build-openapi';
import { renderDocsPage } from '../openapi/render-docs';
import { ROUTE_SPECS } from './route-specs';

/** GET /docs/openapi.json and GET /docs (the same document as a page, no external assets). */
export function docsRouter(serverUrl: string): Router {
  const doc = buildOpenApi(ROUTE_SPECS, serverUrl);
  const json = JSON.stringify(doc);
  const page = renderDocsPage(doc);
  const router = new Router();
  router.get('/docs/openapi.json', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = json;
  });
  router.get('/docs', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    // The page has one inline stylesheet and nothing else.
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = page;
  });
  return router;
}
