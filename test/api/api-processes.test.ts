import { PassThrough } from 'node:stream';
import type { Agent } from 'node:http';
import { expect } from 'chai';
import { migrateIndices } from '@trendscope/core';
import { runKeysCreate, runKeysRevoke } from '@trendscope/cli/commands/keys.command';
import {
  connectionPerProcess,
  getFrom,
  startApiCluster,
  type ApiCluster,
  type ProcessAnswer,
} from '../support/api-processes';
import { buildDataset, seedDataset } from '../support/dataset';
import { buildTrend, seed } from '../support/factories';
import { clearOfMinuteEdge } from '../support/minute-edge';
import { openTestServices, type TestServices } from '../support/services';

/** `npx trendscope keys create` in process: the key and its id. */
async function createKey(s: TestServices, name: string, perMinute?: number): Promise<{ id: string; key: string }> {
  const out = new PassThrough();
  let text = '';
  out.on('data', (c: Buffer) => (text += c.toString('utf8')));
  await runKeysCreate(s.config, { name, ...(perMinute ? { perMinute } : {}) }, out);
  return JSON.parse(text) as { id: string; key: string };
}

const trendIds = (a: ProcessAnswer): string[] =>
  (JSON.parse(a.body.toString('utf8')) as { trends: { id: string }[] }).trends.map((t) => t.id);

describe('the API on two processes (API_PROCESSES=2)', function () {
  this.timeout(90_000);
  let s: TestServices;
  let api: ApiCluster;
  let conns: Map<number, Agent>;
  let pids: number[];
  const each = async (path: string, headers: Record<string, string> = {}): Promise<ProcessAnswer[]> =>
    Promise.all(pids.map((pid) => getFrom(api.url, path, { agent: conns.get(pid)!, headers })));

  before(async () => {
    s = await openTestServices();
    await seedDataset(s, buildDataset(new Date()));
    await migrateIndices(s.opensearch, s.names, { kinds: ['api_keys'] });
    // A long cache slot, so an answer that changes can only have changed through the generation.
    api = await startApiCluster(s, 2, { API_CACHE_TTL_MS: '600000' });
    conns = await connectionPerProcess(api.url, 2);
    pids = [...conns.keys()];
    // One read each first: a cold process starved of CPU can stall past the 250 ms generation read
    // and answer uncached (ETag of the body), which is right but not what these tests compare.
    await each('/v1/trends/recent?limit=5');
  });
  after(async () => {
    for (const agent of conns?.values() ?? []) agent.destroy();
    await api?.stop();
    await s?.cleanup();
  });

  it('answers with the same body and ETag from both processes, and a 304 from one for the ETag of the other', async () => {
    const [a, b] = await each('/v1/trends/recent?limit=5');
    expect([a!.pid, b!.pid]).to.deep.equal(pids);
    expect(a!.status).to.equal(200);
    expect(a!.headers.etag).to.be.a('string').and.equal(b!.headers.etag);
    expect(a!.body.equals(b!.body)).to.be.true;
    const [, notModified] = await each('/v1/trends/recent?limit=5', { 'if-none-match': a!.headers.etag! });
    expect(notModified!.status).to.equal(304);
    expect(notModified!.pid).to.equal(pids[1]);
  });

  it('drops the cached answers of every process when the data generation moves', async () => {
    const before = await each('/v1/trends/recent?limit=50');
    const fresh = buildTrend({ topic: 'A trend written after the answers were cached' }, new Date());
    // Written but not announced: both processes keep serving their cached answer.
    await seed({ opensearch: s.opensearch, names: s.names }, { trends: [fresh] });
    for (const answer of await each('/v1/trends/recent?limit=50')) {
      expect(trendIds(answer)).not.to.include(fresh.id);
      expect(answer.headers.etag).to.equal(before[0]!.headers.etag);
    }
    // Announced as the pipeline does after a write: both see it on their next request.
    await seed({ opensearch: s.opensearch, names: s.names, redis: s.redis, prefix: s.prefix }, {});
    const after = await each('/v1/trends/recent?limit=50');
    for (const answer of after) {
      expect(trendIds(answer), `pid ${answer.pid}`).to.include(fresh.id);
      expect(answer.headers.etag).not.to.equal(before[0]!.headers.etag);
    }
    expect(after[0]!.headers.etag).to.equal(after[1]!.headers.etag);
  });

  it('lets exactly 30 of 90 parallel requests through a key limited to 30 a minute, counted across both processes', async () => {
    await clearOfMinuteEdge();
    const { key } = await createKey(s, 'thirty', 30);
    const answers = await Promise.all(
      Array.from({ length: 90 }, () => getFrom(api.url, '/v1/categories', { headers: { 'x-api-key': key } })),
    );
    expect([...new Set(answers.map((a) => a.pid))].sort()).to.deep.equal([...pids].sort());
    expect(answers.map((a) => a.status).filter((st) => st !== 200 && st !== 429)).to.deep.equal([]);
    expect(answers.filter((a) => a.status === 200)).to.have.length(30);
    // Counted per process, each would have let 30 through.
    expect(answers.filter((a) => a.status === 429)).to.have.length(60);
  });

  it('refuses a key revoked with `npx trendscope keys revoke` in both processes within a second', async () => {
    const { id, key } = await createKey(s, 'revoke-me');
    const auth = { authorization: `Bearer ${key}` };
    // Both processes have verified (and cached) the key.
    for (const answer of await each('/v1/stats', auth)) expect(answer.status).to.equal(200);
    await runKeysRevoke(s.config, id, new PassThrough());
    const revokedAt = Date.now();
    const refusedAfter = await Promise.all(
      pids.map(async (pid) => {
        while (Date.now() - revokedAt < 3000) {
          const { status } = await getFrom(api.url, '/v1/stats', { agent: conns.get(pid)!, headers: auth });
          if (status === 401) return Date.now() - revokedAt;
          expect(status).to.equal(200);
          await new Promise((r) => setTimeout(r, 20));
        }
        return Infinity;
      }),
    );
    for (const ms of refusedAfter) expect(ms).to.be.lessThan(1000);
  });

  it("serves the sum of both processes' request counts on the primary's metrics port", async () => {
    const count = async (): Promise<number> => {
      const text = await (await fetch(api.metricsUrl)).text();
      const line = text
        .split('\n')
        .find((l) => l.startsWith('trendscope_http_requests_total{route="/v1/categories",method="GET",status="200"'));
      return line ? Number(line.split(' ').pop()) : 0;
    };
    const start = await count();
    for (let i = 0; i < 3; i += 1) await each('/v1/categories');
    expect((await count()) - start).to.equal(6);
  });

  it('replaces a process that dies, and stops every process on SIGTERM', async () => {
    const [victim, survivor] = pids as [number, number];
    process.kill(victim, 'SIGKILL');
    const seen = new Set<number>();
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && ![...seen].some((pid) => pid !== survivor && pid !== victim)) {
      const answer = await getFrom(api.url, '/health').catch(() => null);
      if (answer?.status === 200) seen.add(answer.pid);
      else await new Promise((r) => setTimeout(r, 100));
    }
    const replacement = [...seen].find((pid) => pid !== survivor && pid !== victim);
    expect(replacement, 'a new process answered').to.be.a('number');
    expect(seen).not.to.include(victim);
    for (const agent of conns.values()) agent.destroy();
    expect(await api.stop()).to.equal(0);
    for (const pid of [survivor, replacement!]) expect(() => process.kill(pid, 0), `pid ${pid}`).to.throw();
  });
});
