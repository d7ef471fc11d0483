import { expect } from 'chai';
import { generationKey } from '@trendscope/core';
import { getJson, startApi, type RunningApi } from '../support/api';
import { buildTrend, FACTORY_NOW, seed } from '../support/factories';
import { openTestServices, type TestServices } from '../support/services';

const READ_PATHS = (id: string): string[] => [
  '/v1/trends/recent',
  `/v1/trends/${id}`,
  '/v1/search?q=bank',
  '/v1/categories',
  '/v1/sources/example.com/trending',
  `/v1/content/${id}`,
  '/v1/benefits',
  '/v1/stats',
];

describe('HTTP behaviour', function () {
  this.timeout(60_000);
  let s: TestServices;
  let api: RunningApi;
  const trend = buildTrend();

  before(async () => {
    s = await openTestServices();
    await seed(s, { trends: [trend] });
    // A long cache slot, so two requests of one test always share an ETag.
    api = await startApi(s, { env: { API_CACHE_TTL_MS: '600000' }, deps: { now: () => FACTORY_NOW } });
  });
  after(async () => {
    await api.close();
    await s.cleanup();
  });

  it('answers 304 to If-None-Match with the current ETag, on every read endpoint', async () => {
    for (const path of READ_PATHS(trend.id)) {
      const first = await fetch(`${api.url}${path}`);
      const etag = first.headers.get('etag');
      expect(etag, path).to.match(/^"[\w-]+"$/);
      expect(first.headers.get('cache-control')).to.equal('public, no-cache');
      const again = await fetch(`${api.url}${path}`, { headers: { 'If-None-Match': etag! } });
      expect(again.status, path).to.equal(304);
      expect(again.headers.get('etag')).to.equal(etag);
      expect(await again.text()).to.equal('');
      const other = await fetch(`${api.url}${path}`, { headers: { 'If-None-Match': '"something-else"' } });
      expect(other.status).to.equal(200);
    }
  });

  it('derives the ETag from the normalised query: defaults and parameter order do not matter', async () => {
    const a = await fetch(`${api.url}/v1/trends/recent`);
    const b = await fetch(`${api.url}/v1/trends/recent?limit=20&page=1&unknown=x`);
    const c = await fetch(`${api.url}/v1/trends/recent?limit=19`);
    expect(a.headers.get('etag')).to.equal(b.headers.get('etag'));
    expect(a.headers.get('etag')).not.to.equal(c.headers.get('etag'));
  });

  it('shows a pipeline write at once: the generation changes, so do the ETag and the body', async () => {
    const before = await getJson<{ total: number }>(api.url, '/v1/trends/recent');
    const etag = before.headers.get('etag')!;
    await seed(s, { trends: [buildTrend()] });
    const after = await fetch(`${api.url}/v1/trends/recent`, { headers: { 'If-None-Match': etag } });
    expect(after.status).to.equal(200);
    expect(((await after.json()) as { total: number }).total).to.equal(before.body.total + 1);
    expect(after.headers.get('etag')).not.to.equal(etag);
  });

  it('still sends a working ETag (hash of the body) when no generation is known', async () => {
    await s.redis.del(generationKey(s.prefix));
    const first = await fetch(`${api.url}/v1/categories`);
    const etag = first.headers.get('etag')!;
    expect(etag).to.match(/^"[\w-]+"$/);
    const again = await fetch(`${api.url}/v1/categories`, { headers: { 'If-None-Match': etag } });
    expect(again.status).to.equal(304);
  });

  it('answers HEAD like GET without a body', async () => {
    const get = await fetch(`${api.url}/v1/stats`);
    const head = await fetch(`${api.url}/v1/stats`, { method: 'HEAD' });
    expect(head.status).to.equal(200);
    expect(head.headers.get('content-type')).to.equal(get.headers.get('content-type'));
    expect(await head.text()).to.equal('');
    expect((await fetch(`${api.url}/health`, { method: 'HEAD' })).status).to.equal(200);
  });

  it('answers 405 with Allow for other methods on known paths, 404 JSON on unknown paths', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      for (const path of ['/v1/trends/recent', `/v1/trends/${trend.id}`, '/health', '/docs/openapi.json']) {
        const res = await fetch(`${api.url}${path}`, { method });
        expect(res.status, `${method} ${path}`).to.equal(405);
        expect(res.headers.get('allow')).to.equal('GET, HEAD, OPTIONS');
        expect(await res.json()).to.deep.equal({ detail: 'Method Not Allowed' });
      }
    }
    const missing = await fetch(`${api.url}/v2/nothing`);
    expect(missing.status).to.equal(404);
    expect(missing.headers.get('content-type')).to.match(/^application\/json/);
    expect(await missing.json()).to.deep.equal({ detail: 'Not Found' });
  });

  it('answers OPTIONS with Allow, and CORS preflights for GET from any origin', async () => {
    const plain = await fetch(`${api.url}/v1/stats`, { method: 'OPTIONS' });
    expect(plain.status).to.equal(204);
    expect(plain.headers.get('allow')).to.equal('GET, HEAD, OPTIONS');
    const preflight = await fetch(`${api.url}/v1/stats`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://agent.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).to.equal(204);
    expect(preflight.headers.get('access-control-allow-origin')).to.equal('*');
    expect(preflight.headers.get('access-control-allow-methods')).to.equal('GET,HEAD,OPTIONS');
  });

  it('allows any origin on GET and exposes ETag, Age, x-request-id and WWW-Authenticate', async () => {
    const res = await fetch(`${api.url}/v1/categories`, { headers: { Origin: 'https://agent.example' } });
    expect(res.headers.get('access-control-allow-origin')).to.equal('*');
    // Age says how old a cached answer is; a browser page reads it only when it is exposed.
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').split(',');
    expect(exposed).to.include.members(['ETag', 'Age', 'x-request-id', 'WWW-Authenticate']);
  });

  it('compresses with gzip and br when asked', async () => {
    for (const encoding of ['gzip', 'br']) {
      // fetch decodes transparently; the header shows what travelled.
      const res = await fetch(`${api.url}/docs/openapi.json`, { headers: { 'Accept-Encoding': encoding } });
      expect(res.headers.get('content-encoding')).to.equal(encoding);
      expect(((await res.json()) as { openapi: string }).openapi).to.equal('3.1.0');
    }
  });

  it('sets security headers, x-request-id and no-store on every answer, errors included', async () => {
    for (const [path, status] of [
      ['/v1/stats', 200],
      ['/v1/trends/recent?limit=0', 422],
      ['/v1/trends/tr_zzzzzzzzzz', 404],
      ['/nope', 404],
    ] as const) {
      const res = await fetch(`${api.url}${path}`);
      expect(res.status).to.equal(status);
      expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
      expect(res.headers.get('x-frame-options')).to.equal('DENY');
      expect(res.headers.get('content-security-policy')).to.include("default-src 'none'");
      expect(res.headers.get('referrer-policy')).to.equal('no-referrer');
      expect(res.headers.get('x-request-id')).to.match(/^[\w.-]+$/);
      if (status !== 200) expect(res.headers.get('cache-control')).to.equal('no-store');
    }
  });

  it('echoes a safe x-request-id and replaces an unsafe one', async () => {
    const mine = await fetch(`${api.url}/health`, { headers: { 'x-request-id': 'abc-123' } });
    expect(mine.headers.get('x-request-id')).to.equal('abc-123');
    const evil = await fetch(`${api.url}/health`, { headers: { 'x-request-id': 'a b<script>' } });
    expect(evil.headers.get('x-request-id')).not.to.include('<');
  });
});
