import { Writable } from 'node:stream';
import { expect } from 'chai';
import { pino } from 'pino';
import { createMetricsRegistry, startMetricsServer } from '@trendscope/core';
import { startApi, type RunningApi } from '../support/api';
import { buildTrend, FACTORY_NOW, seed } from '../support/factories';
import { openTestServices, silentLogger, type TestServices } from '../support/services';
import { freePort } from '../support/free-port';

/** The value of one sample line of a Prometheus text exposition, or null. */
function sample(text: string, name: string, labels: Record<string, string>): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const ok = Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`));
    if (ok) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return null;
}

/** A stream that parses each log line into `lines`. */
function sinkInto(lines: Record<string, unknown>[]): Writable {
  return new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
}

describe('API observability: access log and /metrics', function () {
  this.timeout(60_000);
  let s: TestServices;
  let api: RunningApi;
  const registry = createMetricsRegistry('api');
  const lines: Record<string, unknown>[] = [];
  const trend = buildTrend();

  before(async () => {
    s = await openTestServices();
    await seed(s, { trends: [trend] });
    api = await startApi(s, {
      deps: { now: () => FACTORY_NOW, logger: pino({ level: 'info' }, sinkInto(lines)) },
      metrics: registry,
    });
  });
  after(async () => {
    await api.close();
    await s.cleanup();
  });

  it('counts requests by route pattern and status, never by raw path', async () => {
    await fetch(`${api.url}/v1/trends/${trend.id}`);
    await fetch(`${api.url}/v1/trends/tr_doesnotexist`);
    await fetch(`${api.url}/v1/trends/recent?limit=2`);
    await fetch(`${api.url}/wp-admin/${Math.random()}`);
    const text = await registry.metrics();
    expect(sample(text, 'trendscope_http_requests_total', { route: '/v1/trends/:trend_id', status: '200' })).to.equal(
      1,
    );
    expect(sample(text, 'trendscope_http_requests_total', { route: '/v1/trends/:trend_id', status: '404' })).to.equal(
      1,
    );
    expect(sample(text, 'trendscope_http_requests_total', { route: '/v1/trends/recent', status: '200' })).to.equal(1);
    expect(sample(text, 'trendscope_http_requests_total', { route: 'unmatched', status: '404' })).to.equal(1);
    expect(text).not.to.contain('wp-admin');
    expect(sample(text, 'trendscope_http_request_duration_seconds_count', { route: '/v1/trends/recent' })).to.equal(1);
    // Process metrics come with it.
    expect(text).to.match(/^trendscope_process_resident_memory_bytes\{service="api"\} \d+/m);
  });

  it('writes one access-log line per request with its id, route, status and time', async () => {
    lines.length = 0;
    await fetch(`${api.url}/v1/categories`, { headers: { 'x-request-id': 'req-observe-1' } });
    const line = lines.find((l) => l.request_id === 'req-observe-1');
    expect(line).to.include({ msg: 'request', method: 'GET', path: '/v1/categories', route: '/v1/categories' });
    expect(line?.status).to.equal(200);
    expect(line?.ms).to.be.a('number').and.at.least(0);
  });

  it('labels a 401 (bad key) and a 429 (quota) with the route they refused, in the metrics and the access log', async () => {
    const tight = createMetricsRegistry('api');
    const limited = await startApi(s, {
      // Its own counters: the requests of the other tests count against the same address.
      env: { API_QUOTA_ANONYMOUS_PER_MINUTE: '1', REDIS_KEY_PREFIX: `${s.prefix}-tight` },
      deps: { now: () => FACTORY_NOW, logger: pino({ level: 'info' }, sinkInto(lines)) },
      metrics: tight,
    });
    try {
      lines.length = 0;
      const bad = await fetch(`${limited.url}/v1/trends/${trend.id}`, {
        headers: { authorization: 'Bearer ts_live_0000000000000000000000000000000000000000' },
      });
      expect(bad.status).to.equal(401);
      // The refused key counted against the address's quota of one: the next request is over it.
      expect((await fetch(`${limited.url}/v1/categories`)).status).to.equal(429);
      const text = await tight.metrics();
      expect(sample(text, 'trendscope_http_requests_total', { route: '/v1/trends/:trend_id', status: '401' })).to.equal(
        1,
      );
      expect(sample(text, 'trendscope_http_requests_total', { route: '/v1/categories', status: '429' })).to.equal(1);
      expect(text).not.to.contain('route="unmatched"');
      const refused = lines.filter((l) => l.status === 401 || l.status === 429).map((l) => [l.status, l.route]);
      expect(refused).to.deep.equal([
        [401, '/v1/trends/:trend_id'],
        [429, '/v1/categories'],
      ]);
    } finally {
      await limited.close();
    }
  });

  it('serves the registry on its own port: GET /metrics 200 in Prometheus format, anything else 404', async () => {
    const port = await freePort();
    const server = await startMetricsServer({ registry, host: '127.0.0.1', port, logger: silentLogger });
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/^text\/plain; version=0\.0\.4/);
      expect(await res.text()).to.contain('# TYPE trendscope_http_requests_total counter');
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).to.equal(404);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).to.equal(404);
    } finally {
      server?.close();
    }
  });

  it('does not stop a service when its metrics port is taken, and stays off with port 0', async () => {
    const port = await freePort();
    const first = await startMetricsServer({ registry, host: '127.0.0.1', port, logger: silentLogger });
    try {
      expect(await startMetricsServer({ registry, host: '127.0.0.1', port, logger: silentLogger })).to.equal(null);
      expect(await startMetricsServer({ registry, host: '127.0.0.1', port: 0, logger: silentLogger })).to.equal(null);
    } finally {
      first?.close();
    }
  });
});
