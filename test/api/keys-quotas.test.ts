import { expect } from 'chai';
import { Registry } from 'prom-client';
import {
  ApiKeyRepository,
  createApiKey,
  createRedis,
  migrateIndices,
  revokeApiKey,
  rotateApiKey,
  type ApiKeyServiceDeps,
  type IssuedApiKey,
} from '@trendscope/core';
import { getJson, startApi, type RunningApi } from '../support/api';
import { seedDataset } from '../support/dataset';
import { FACTORY_NOW } from '../support/factories';
import { closedPortUrl, deadOpenSearch } from '../support/dead-services';
import { clearOfMinuteEdge } from '../support/minute-edge';
import { openTestServices, type TestServices } from '../support/services';

const ANON_POLICY = '"minute";q=60;w=60, "day";q=2000;w=86400';
const KEY_POLICY = '"minute";q=600;w=60, "day";q=100000;w=86400';
const RATE_LIMIT = /^"minute";r=\d+;t=\d+, "day";r=\d+;t=\d+$/;
/** Paths that spend no quota but still say how the caller's stands. */
const UNCOUNTED_PATHS = ['/health', '/docs', '/docs/openapi.json', '/console'];
const DEFAULT_QUOTAS = { API_QUOTA_ANONYMOUS_PER_MINUTE: '60', API_QUOTA_ANONYMOUS_PER_DAY: '2000' };
/** A browser's CORS preflight before a GET it means to send from another origin. */
const PREFLIGHT: RequestInit = {
  method: 'OPTIONS',
  headers: { origin: 'https://agent.example', 'access-control-request-method': 'GET' },
};
/** Paths whose preflights are checked: counted, uncounted and the MCP endpoint. */
const PREFLIGHT_PATHS = ['/v1/categories', '/v1/trends/recent', '/health', '/mcp'];

/** What RateLimit says remains of each window. */
function leftOf(res: Response): { minute: number; day: number } {
  const value = res.headers.get('ratelimit') ?? '';
  return {
    minute: Number(/"minute";r=(\d+)/.exec(value)?.[1]),
    day: Number(/"day";r=(\d+)/.exec(value)?.[1]),
  };
}

describe('API keys and quotas', function () {
  this.timeout(60_000);
  let s: TestServices;
  let api: RunningApi;
  let keys: ApiKeyServiceDeps;
  let issued: IssuedApiKey;
  const bearer = (key: string): RequestInit => ({ headers: { authorization: `Bearer ${key}` } });

  before(async () => {
    s = await openTestServices();
    await seedDataset(s);
    await migrateIndices(s.opensearch, s.names, { kinds: ['api_keys'] });
    keys = {
      repo: new ApiKeyRepository(s.opensearch, s.names.api_keys),
      hashSecret: s.config.keys.hashSecret,
      redis: s.redis,
      keyPrefix: s.prefix,
    };
    issued = await createApiKey(keys, { name: 'tests', account: 'dev@example.com' });
    api = await startApi(s, { env: DEFAULT_QUOTAS, deps: { now: () => FACTORY_NOW } });
  });
  after(async () => {
    await api.close();
    await s.cleanup();
  });

  describe('headers', () => {
    it('gives an anonymous answer the anonymous policy and what remains of it', async () => {
      const res = await getJson(api.url, '/v1/categories', { headers: { origin: 'https://agent.example' } });
      expect(res.status).to.equal(200);
      expect(res.headers.get('ratelimit-policy')).to.equal(ANON_POLICY);
      expect(res.headers.get('ratelimit')).to.match(RATE_LIMIT);
      const exposed = (res.headers.get('access-control-expose-headers') ?? '').toLowerCase();
      expect(exposed).to.include('ratelimit-policy');
      expect(exposed).to.include('ratelimit');
      expect(exposed).to.include('retry-after');
    });

    it('gives a key the registered policy, sent as Bearer or as X-API-Key, counted per key', async () => {
      await clearOfMinuteEdge();
      const a = await getJson(api.url, '/v1/categories', bearer(issued.key));
      const b = await getJson(api.url, '/v1/categories', { headers: { 'x-api-key': issued.key } });
      expect([a.status, b.status]).to.deep.equal([200, 200]);
      expect(a.headers.get('ratelimit-policy')).to.equal(KEY_POLICY);
      const remaining = (h: Headers): number => Number(/"minute";r=(\d+)/.exec(h.get('ratelimit') ?? '')?.[1]);
      expect(remaining(b.headers)).to.equal(remaining(a.headers) - 1);
    });

    it("applies a key's reserved ceilings", async () => {
      const reserved = await createApiKey(keys, { name: 'load test', perMinute: 5000, perDay: 900000 });
      const res = await getJson(api.url, '/v1/stats', bearer(reserved.key));
      expect(res.headers.get('ratelimit-policy')).to.equal('"minute";q=5000;w=60, "day";q=900000;w=86400');
    });

    it('labels /health, /docs, the OpenAPI document and /console with what remains, without counting them', async () => {
      await clearOfMinuteEdge();
      const before = await fetch(`${api.url}/v1/categories`);
      const left = leftOf(before);
      for (let round = 0; round < 3; round++) {
        for (const path of UNCOUNTED_PATHS) {
          const res = await fetch(`${api.url}${path}`, { redirect: 'manual' });
          expect(res.status, path).to.be.below(500);
          expect(res.headers.get('ratelimit-policy'), path).to.equal(ANON_POLICY);
          expect(res.headers.get('ratelimit'), path).to.match(RATE_LIMIT);
          expect(leftOf(res), `${path}, round ${round}`).to.deep.equal(left);
        }
      }
      const after = await fetch(`${api.url}/v1/categories`);
      expect(leftOf(after)).to.deep.equal({ minute: left.minute - 1, day: left.day - 1 });
    });

    it('labels CORS preflights with what remains, without counting them', async () => {
      await clearOfMinuteEdge();
      const before = await fetch(`${api.url}/v1/categories`);
      const left = leftOf(before);
      for (let round = 0; round < 3; round++) {
        for (const path of PREFLIGHT_PATHS) {
          const res = await fetch(`${api.url}${path}`, PREFLIGHT);
          expect(res.status, path).to.equal(204);
          expect(res.headers.get('access-control-allow-origin'), path).to.equal('*');
          expect(res.headers.get('ratelimit-policy'), path).to.equal(ANON_POLICY);
          expect(res.headers.get('ratelimit'), path).to.match(RATE_LIMIT);
          expect(leftOf(res), `${path}, round ${round}`).to.deep.equal(left);
        }
      }
      const after = await fetch(`${api.url}/v1/categories`);
      expect(leftOf(after)).to.deep.equal({ minute: left.minute - 1, day: left.day - 1 });
    });

    it("labels an uncounted answer with a key's policy and what remains of it", async () => {
      await clearOfMinuteEdge();
      const k = await createApiKey(keys, { name: 'health checks' });
      const counted = await fetch(`${api.url}/v1/categories`, bearer(k.key));
      const health = await fetch(`${api.url}/health`, bearer(k.key));
      expect(health.headers.get('ratelimit-policy')).to.equal(KEY_POLICY);
      expect(leftOf(health)).to.deep.equal(leftOf(counted));
      // These paths never refuse a key: an unknown one is labelled anonymous.
      const unknown = await fetch(`${api.url}/health`, bearer('ts_live_not-a-key'));
      expect(unknown.status).to.not.equal(401);
      expect(unknown.headers.get('ratelimit-policy')).to.equal(ANON_POLICY);
    });

    it('labels 404, 405 and 422 answers as counted answers', async () => {
      const answers = [
        await fetch(`${api.url}/v1/no-such-path`),
        await fetch(`${api.url}/v1/categories`, { method: 'POST' }),
        await fetch(`${api.url}/health`, { method: 'DELETE' }),
        await fetch(`${api.url}/v1/trends/recent?limit=abc`),
      ];
      expect(answers.map((res) => res.status)).to.deep.equal([404, 405, 405, 422]);
      for (const res of answers) {
        expect(res.headers.get('ratelimit-policy'), res.url).to.equal(ANON_POLICY);
        expect(res.headers.get('ratelimit'), res.url).to.match(RATE_LIMIT);
      }
    });

    it('sends neither header, on any path, with API_QUOTAS_ENABLED=false', async () => {
      const off = await startApi(s, { env: { ...DEFAULT_QUOTAS, API_QUOTAS_ENABLED: 'false' } });
      try {
        for (const path of ['/v1/categories', ...UNCOUNTED_PATHS]) {
          const res = await fetch(`${off.url}${path}`, { redirect: 'manual' });
          expect(res.headers.get('ratelimit-policy'), path).to.equal(null);
          expect(res.headers.get('ratelimit'), path).to.equal(null);
        }
        const preflight = await fetch(`${off.url}/v1/categories`, PREFLIGHT);
        expect(preflight.status).to.equal(204);
        expect(preflight.headers.get('ratelimit-policy')).to.equal(null);
        expect(preflight.headers.get('ratelimit')).to.equal(null);
      } finally {
        await off.close();
      }
    });
  });

  describe('refusals', () => {
    const invalid = { detail: 'Invalid API key' };

    it('answers 401 for a malformed, a checksum-failing or an unknown key, never anonymously', async () => {
      const unknown = (await createApiKey(keys, { name: 'to forget' })).key;
      await s.opensearch.deleteByQuery({
        index: s.names.api_keys,
        body: { query: { term: { name: 'to forget' } } },
        refresh: true,
      });
      const badSum = issued.key.slice(0, -1) + (issued.key.endsWith('A') ? 'B' : 'A');
      for (const key of ['nonsense', badSum, unknown, '']) {
        const res = await getJson(api.url, '/v1/categories', { headers: { 'x-api-key': key } });
        expect(res.status, key).to.equal(401);
        expect(res.body).to.deep.equal(invalid);
        expect(res.headers.get('ratelimit-policy')).to.equal(ANON_POLICY);
      }
      const bearerBad = await getJson(api.url, '/v1/categories', bearer('nonsense'));
      expect(bearerBad.status).to.equal(401);
    });

    it('refuses a key in the query string', async () => {
      const res = await getJson(api.url, `/v1/categories?api_key=${issued.key}`);
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal(invalid);
    });

    it('answers 429 with Retry-After past the minute quota, and the body of API.md', async () => {
      await clearOfMinuteEdge();
      const tight = await startApi(s, {
        env: { API_QUOTA_ANONYMOUS_PER_MINUTE: '3', REDIS_KEY_PREFIX: `${s.prefix}-tight` },
      });
      try {
        const statuses = [];
        let last: Awaited<ReturnType<typeof getJson>> | undefined;
        for (let i = 0; i < 5; i++) {
          last = await getJson(tight.url, '/v1/categories');
          statuses.push(last.status);
        }
        expect(statuses).to.deep.equal([200, 200, 200, 429, 429]);
        expect(last?.body).to.deep.equal({ detail: 'Rate limit exceeded' });
        const retry = Number(last?.headers.get('retry-after'));
        const reset = Number(/"minute";r=0;t=(\d+)/.exec(last?.headers.get('ratelimit') ?? '')?.[1]);
        expect(retry).to.be.within(1, 60);
        expect(retry).to.equal(reset);
      } finally {
        await tight.close();
        const left = await s.redis.keys(`${s.prefix}-tight*`);
        if (left.length > 0) await s.redis.del(...left);
      }
    });

    it('lets exactly 50 of 100 parallel requests through a key limited to 50 a minute', async () => {
      await clearOfMinuteEdge();
      const fifty = await createApiKey(keys, { name: 'fifty', perMinute: 50 });
      const statuses = await Promise.all(
        Array.from({ length: 100 }, async () => (await fetch(`${api.url}/v1/categories`, bearer(fifty.key))).status),
      );
      expect(statuses.filter((st) => st === 200)).to.have.length(50);
      expect(statuses.filter((st) => st === 429)).to.have.length(50);
    });
  });

  it('answers anonymous and registered callers with byte-identical bodies', async () => {
    for (const path of ['/v1/trends/recent?limit=5', '/v1/categories', `/v1/search?q=ai`, '/v1/stats']) {
      const anon = await fetch(`${api.url}${path}`);
      const reg = await fetch(`${api.url}${path}`, bearer(issued.key));
      expect(reg.status, path).to.equal(anon.status);
      expect(Buffer.from(await reg.arrayBuffer()).equals(Buffer.from(await anon.arrayBuffer())), path).to.be.true;
    }
  });

  describe('rotation and revocation', () => {
    it('refuses the old secret at once after a rotation without grace, keeping the id', async () => {
      const k = await createApiKey(keys, { name: 'rotate-now' });
      expect((await fetch(`${api.url}/v1/stats`, bearer(k.key))).status).to.equal(200);
      const rotated = await rotateApiKey(keys, k.doc.id, 0);
      expect(rotated.doc.id).to.equal(k.doc.id);
      await new Promise((r) => setTimeout(r, 300));
      expect((await fetch(`${api.url}/v1/stats`, bearer(k.key))).status).to.equal(401);
      expect((await fetch(`${api.url}/v1/stats`, bearer(rotated.key))).status).to.equal(200);
    });

    it('keeps the old secret working for its grace period, then refuses it', async () => {
      const k = await createApiKey(keys, { name: 'rotate-grace' });
      expect((await fetch(`${api.url}/v1/stats`, bearer(k.key))).status).to.equal(200);
      const rotated = await rotateApiKey(keys, k.doc.id, 2);
      await new Promise((r) => setTimeout(r, 300));
      expect((await fetch(`${api.url}/v1/stats`, bearer(k.key))).status).to.equal(200);
      expect((await fetch(`${api.url}/v1/stats`, bearer(rotated.key))).status).to.equal(200);
      await new Promise((r) => setTimeout(r, 2000));
      expect((await fetch(`${api.url}/v1/stats`, bearer(k.key))).status).to.equal(401);
      expect((await fetch(`${api.url}/v1/stats`, bearer(rotated.key))).status).to.equal(200);
    });

    it('is seen by a second API server of the same process within a second of a revocation', async () => {
      const k = await createApiKey(keys, { name: 'revoke-me' });
      const second = await startApi(s, { env: DEFAULT_QUOTAS });
      try {
        // Both processes have verified (and cached) the key.
        expect((await fetch(`${api.url}/v1/stats`, bearer(k.key))).status).to.equal(200);
        expect((await fetch(`${second.url}/v1/stats`, bearer(k.key))).status).to.equal(200);
        await revokeApiKey(keys, k.doc.id);
        const revokedAt = Date.now();
        let status = 200;
        while (status !== 401 && Date.now() - revokedAt < 3000) {
          status = (await fetch(`${second.url}/v1/stats`, bearer(k.key))).status;
        }
        expect(status).to.equal(401);
        expect(Date.now() - revokedAt).to.be.lessThan(1000);
      } finally {
        await second.close();
      }
    });
  });

  describe('faults', () => {
    it('keeps answering without quotas when Redis is down, counted in a metric', async () => {
      const deadRedis = createRedis((await closedPortUrl()).replace('http:', 'redis:'));
      deadRedis.on('error', () => undefined);
      const metrics = new Registry();
      const down = await startApi(s, { env: DEFAULT_QUOTAS, deps: { redis: deadRedis }, metrics });
      try {
        for (let i = 0; i < 3; i++) {
          const res = await fetch(`${down.url}/v1/categories`);
          expect(res.status).to.equal(200);
          expect(res.headers.get('ratelimit-policy')).to.equal(ANON_POLICY);
          expect(res.headers.get('ratelimit')).to.equal(null);
        }
        // An uncounted answer reads nothing from the dead Redis: the policy alone, and /health still answers.
        for (const path of UNCOUNTED_PATHS) {
          const res = await fetch(`${down.url}${path}`, { redirect: 'manual' });
          expect(res.status, path).to.not.equal(500);
          expect(res.headers.get('ratelimit-policy'), path).to.equal(ANON_POLICY);
          expect(res.headers.get('ratelimit'), path).to.equal(null);
        }
        const preflight = await fetch(`${down.url}/v1/categories`, PREFLIGHT);
        expect(preflight.status).to.equal(204);
        expect(preflight.headers.get('ratelimit-policy')).to.equal(ANON_POLICY);
        expect(preflight.headers.get('ratelimit')).to.equal(null);
        expect(await metrics.getSingleMetricAsString('trendscope_quota_fail_open_total')).to.match(/ 3$/m);
      } finally {
        await down.close();
        deadRedis.disconnect();
      }
    });

    it('answers 503, not 401, when OpenSearch is down while verifying a key it has not cached', async () => {
      const { client: deadOs } = await deadOpenSearch();
      const down = await startApi(s, { env: DEFAULT_QUOTAS, deps: { opensearch: deadOs } });
      try {
        const res = await getJson(down.url, '/v1/categories', bearer(issued.key));
        expect(res.status).to.equal(503);
      } finally {
        await down.close();
        await deadOs.close();
      }
    });
  });

  describe('/mcp', () => {
    let mcpApi: RunningApi;
    before(async () => {
      mcpApi = await startApi(s, { env: DEFAULT_QUOTAS });
    });
    after(async () => {
      await mcpApi.close();
    });

    const call = (headers: Record<string, string>): Promise<Response> =>
      fetch(`${mcpApi.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'list_categories', arguments: {} },
        }),
      });

    it('refuses a bad key with 401 and a JSON-RPC error', async () => {
      const res = await call({ authorization: 'Bearer ts_live_nope' });
      expect(res.status).to.equal(401);
      // A JSON-RPC error, which MCP clients show (the REST `{detail}` body they cannot).
      expect(await res.json()).to.deep.include({
        jsonrpc: '2.0',
        error: { code: -32001, message: 'Invalid API key', data: { status: 401 } },
      });
      expect(res.headers.get('www-authenticate')).to.include('error="invalid_token"');
    });

    it("counts tool calls against the key's quota, shared with REST", async () => {
      await clearOfMinuteEdge();
      const k = await createApiKey(keys, { name: 'mcp' });
      const minuteLeft = (res: Response): number =>
        Number(/"minute";r=(\d+)/.exec(res.headers.get('ratelimit') ?? '')?.[1]);
      const first = await call({ authorization: `Bearer ${k.key}` });
      expect(first.status).to.equal(200);
      expect(first.headers.get('ratelimit-policy')).to.equal(KEY_POLICY);
      const rest = await fetch(`${mcpApi.url}/v1/categories`, bearer(k.key));
      const second = await call({ 'x-api-key': k.key });
      expect(minuteLeft(rest)).to.equal(minuteLeft(first) - 1);
      expect(minuteLeft(second)).to.equal(minuteLeft(first) - 2);
    });

    it('labels its refusals and its 405 as counted answers', async () => {
      const refused = await call({ authorization: 'Bearer ts_live_nope' });
      const wrongMethod = await fetch(`${mcpApi.url}/mcp`);
      expect([refused.status, wrongMethod.status]).to.deep.equal([401, 405]);
      for (const res of [refused, wrongMethod]) {
        expect(res.headers.get('ratelimit-policy')).to.equal(ANON_POLICY);
        expect(res.headers.get('ratelimit')).to.match(RATE_LIMIT);
      }
    });
  });

  it('records last_used_at off the request path, and never stores a key in plaintext', async function () {
    this.timeout(20_000);
    await new Promise((r) => setTimeout(r, 2500));
    const doc = await keys.repo.get(issued.doc.id);
    expect(doc?.last_used_at).to.be.a('string');

    const all = await s.opensearch.search({ index: `${s.prefix}-*`, body: { size: 1000, query: { match_all: {} } } });
    const osText = JSON.stringify(all.body);
    const redisText: string[] = [];
    for (const k of await s.redis.keys(`${s.prefix}*`)) {
      const type = await s.redis.type(k);
      redisText.push(k);
      if (type === 'string') redisText.push((await s.redis.get(k)) ?? '');
      if (type === 'hash') redisText.push(JSON.stringify(await s.redis.hgetall(k)));
    }
    const secret = issued.key.slice('ts_live_'.length, -6);
    expect(osText).to.include(issued.doc.id);
    expect(osText).to.not.include(secret);
    expect(osText).to.not.include('ts_live_' + secret.slice(0, 8));
    expect(redisText.join('\n')).to.not.include(secret);
  });
});
