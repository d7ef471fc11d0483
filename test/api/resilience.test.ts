import { expect } from 'chai';
import {
  createOpenSearchClient,
  createRedis,
  indexNames,
  migrateIndices,
  type OpenSearchClient,
} from '@trendscope/core';
import { startApi, type RunningApi } from '../support/api';
import { closedPortUrl, hangingServer } from '../support/dead-services';
import { buildTrend, seed } from '../support/factories';
import { controllableNode, type ControllableNode } from '../support/opensearch-node';
import { openTestServices, useTestServices, type TestServices } from '../support/services';

const ID = 'tr_aaaaaaaaaaaa';
const READ_PATHS = [
  '/v1/trends/recent',
  `/v1/trends/${ID}`,
  '/v1/search?q=bank',
  '/v1/categories',
  '/v1/sources/example.com/trending',
  `/v1/content/${ID}`,
  '/v1/benefits',
  '/v1/stats',
];

/** Asserts every read endpoint answers 503 JSON within 2 s, naming no internal address. */
async function expectAllUnavailable(api: RunningApi, hidden: string[]): Promise<void> {
  await Promise.all(
    READ_PATHS.map(async (path) => {
      const started = Date.now();
      const res = await fetch(`${api.url}${path}`);
      const elapsed = Date.now() - started;
      const text = await res.text();
      expect(res.status, path).to.equal(503);
      expect(elapsed, path).to.be.lessThan(2000);
      expect(res.headers.get('content-type')).to.match(/^application\/json/);
      expect((JSON.parse(text) as { detail: string }).detail).to.be.a('string');
      for (const h of hidden) expect(text, path).not.to.include(h);
      expect(text).not.to.match(/at \w+ \(|Error:/);
    }),
  );
  const health = await fetch(`${api.url}/health`);
  expect(health.status).to.equal(503);
  const body = (await health.json()) as { checks: Record<string, { status: string }> };
  expect(body.checks.opensearch?.status).to.equal('down');
  expect(body.checks.redis?.status).to.equal('up');
}

describe('resilience: OpenSearch down or hanging', function () {
  this.timeout(60_000);
  const s = useTestServices();

  it('answers 503 JSON within 2 s on every endpoint when OpenSearch refuses connections', async () => {
    const url = await closedPortUrl();
    const opensearch = createOpenSearchClient({ url, requestTimeoutMs: 1500 });
    const api = await startApi(s, { deps: { opensearch } });
    try {
      await expectAllUnavailable(api, ['127.0.0.1', new URL(url).port]);
    } finally {
      await api.close();
      await opensearch.close();
    }
  });

  it('answers 503 JSON within 2 s on every endpoint when OpenSearch accepts and never answers', async () => {
    const hang = await hangingServer();
    // A client time-out far past the request bound: the API's own bound must answer first.
    const opensearch = createOpenSearchClient({ url: hang.url, requestTimeoutMs: 30_000 });
    const api = await startApi(s, { env: { HEALTH_TIMEOUT_MS: '1000' }, deps: { opensearch } });
    try {
      await expectAllUnavailable(api, ['127.0.0.1', String(hang.port)]);
    } finally {
      await api.close();
      hang.close();
      await opensearch.close();
    }
  });
});

describe('resilience: Redis down', function () {
  this.timeout(60_000);
  let s: TestServices;
  before(async () => {
    s = await openTestServices();
    await seed(s, { trends: [buildTrend({ id: ID })] });
  });
  after(async () => {
    await s.cleanup();
  });

  it('keeps serving reads from OpenSearch (uncached) and names Redis in /health', async () => {
    const redis = createRedis((await closedPortUrl()).replace('http:', 'redis:'), { connectTimeoutMs: 500 });
    redis.on('error', () => undefined);
    const api = await startApi(s, { env: { HEALTH_TIMEOUT_MS: '1000' }, deps: { redis } });
    try {
      for (const path of READ_PATHS) {
        const started = Date.now();
        const res = await fetch(`${api.url}${path}`);
        expect(res.status, path).to.equal(200);
        expect(res.headers.get('etag'), path).to.match(/^"[\w-]+"$/);
        expect(Date.now() - started, path).to.be.lessThan(2000);
      }
      const health = await fetch(`${api.url}/health`);
      expect(health.status).to.equal(503);
      const body = (await health.json()) as { checks: Record<string, { status: string }> };
      expect(body.checks.redis?.status).to.equal('down');
      expect(body.checks.opensearch?.status).to.equal('up');
    } finally {
      await api.close();
      redis.disconnect();
    }
  });
});

describe('resilience: a real OpenSearch node stopped and restarted', function () {
  this.timeout(600_000);
  let s: TestServices;
  let node: ControllableNode;
  let opensearch: OpenSearchClient;
  let api: RunningApi;
  const trend = buildTrend({ id: ID });

  before(async () => {
    s = await openTestServices();
    node = await controllableNode();
    await node.start();
    opensearch = createOpenSearchClient({ url: node.url, requestTimeoutMs: 1500 });
    const seedClient = createOpenSearchClient({ url: node.url, requestTimeoutMs: 60_000, maxRetries: 2 });
    const names = indexNames(s.prefix);
    // Every index, as the API's start-up migration leaves them: /health checks each alias.
    await migrateIndices(seedClient, names);
    await seed({ opensearch: seedClient, names, redis: s.redis, prefix: s.prefix }, { trends: [trend] });
    await seedClient.close();
    // A long cache slot: answers cached before the outage must not be served during it.
    api = await startApi(s, { env: { API_CACHE_TTL_MS: '600000' }, deps: { opensearch, names } });
  });
  after(async () => {
    await api?.close();
    await opensearch?.indices
      .delete({ index: `${s.prefix}-*`, expand_wildcards: 'all' }, { requestTimeout: 30_000 })
      .catch(() => undefined);
    await opensearch?.close();
    await node?.dispose();
    await s.cleanup();
  });

  it('serves, answers 503 while the node is stopped, and recovers by itself once it is back', async () => {
    for (const path of READ_PATHS) expect((await fetch(`${api.url}${path}`)).status, path).to.equal(200);

    await node.stop();
    await expectAllUnavailable(api, [node.url, new URL(node.url).port]);

    await node.start();
    // No restart of the API: the same process must find the node again.
    const deadline = Date.now() + 120_000;
    // Each index's shards come back in their own time after the restart: every path must recover.
    let statuses: number[] = [];
    while (Date.now() < deadline) {
      statuses = await Promise.all(READ_PATHS.map(async (path) => (await fetch(`${api.url}${path}`)).status));
      if (statuses.every((status) => status === 200)) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    expect(Object.fromEntries(READ_PATHS.map((path, i) => [path, statuses[i]]))).to.deep.equal(
      Object.fromEntries(READ_PATHS.map((path) => [path, 200])),
    );
    expect((await fetch(`${api.url}/health`)).status).to.equal(200);
  });
});
