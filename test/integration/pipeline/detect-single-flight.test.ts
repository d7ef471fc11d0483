import { expect } from 'chai';
import type { ArticleDoc } from '@trendscope/core';
import { runDetectCommand } from '@trendscope/pipeline/cli/commands/detect.command';
import { runDetect, type DetectSummary } from '@trendscope/pipeline/detect/run-detect';
import {
  DetectLockLostError,
  detectLockKey,
  runDetectSingleFlight,
  type DetectSkipped,
} from '@trendscope/pipeline/locks/detect-single-flight';
import { acquireLock } from '@trendscope/pipeline/locks/redis-lock';
import { publisherArticle } from '../../support/factories';
import { migrateTestIndices } from '../../support/pipeline-harness';
import { detectDeps, openTestServices, silentLogger, type TestServices } from '../../support/services';

const NOW = new Date('2026-11-21T12:00:00Z');

/** A detection stand-in that runs until `finish` is called, so two attempts surely overlap. */
function gatedRun(): { run: () => Promise<DetectSummary>; started: Promise<void>; finish: () => void; calls: number } {
  let finish!: () => void;
  let markStarted!: () => void;
  const gate = new Promise<void>((r) => (finish = r));
  const started = new Promise<void>((r) => (markStarted = r));
  const state = {
    calls: 0,
    started,
    finish: () => finish(),
    run: async (): Promise<DetectSummary> => {
      state.calls += 1;
      markStarted();
      await gate;
      return {
        run_id: 'gated',
        articles_considered: 0,
        articles_assigned: 0,
        trends_created: 0,
        trends_written: 0,
        trends_merged: 0,
        domains_written: 0,
        passes: 1,
        stopped_at_max_passes: 0,
      };
    },
  };
  return state;
}

const isSkipped = (r: DetectSummary | DetectSkipped): r is DetectSkipped => 'skipped' in r;

describe('single-flight detection (real Redis and OpenSearch)', function () {
  this.timeout(120_000);
  let s: TestServices;
  before(async () => {
    s = await openTestServices();
    await migrateTestIndices(s);
  });
  after(async () => s.cleanup());

  it('runs one of two concurrent attempts and skips the other, then frees the lock', async () => {
    const gated = gatedRun();
    const first = runDetectSingleFlight(detectDeps(s), { now: NOW }, { ttlMs: 30_000, run: gated.run });
    await gated.started;
    const second = await runDetectSingleFlight(detectDeps(s), { now: NOW }, { ttlMs: 30_000, run: gated.run });
    expect(isSkipped(second)).to.equal(true);
    const skipped = second as DetectSkipped;
    expect(skipped.reason).to.equal('detection already running');
    expect(skipped.lock_key).to.equal(detectLockKey(s.prefix));
    expect(skipped.holder)
      .to.be.a('string')
      .and.match(/:\d+:[0-9a-f]{32}$/);
    expect(skipped.holder_ttl_ms).to.be.above(0);
    gated.finish();
    const result = await first;
    expect(isSkipped(result)).to.equal(false);
    expect(gated.calls).to.equal(1);
    expect(await s.redis.exists(detectLockKey(s.prefix))).to.equal(0);
    // The lock released, the next attempt runs real detection over the (empty) indices.
    const after = await runDetectSingleFlight(detectDeps(s), { now: NOW }, { ttlMs: 30_000 });
    expect(isSkipped(after)).to.equal(false);
    expect((after as DetectSummary).run_id).to.match(/^detect_/);
  });

  it('two real detection runs started together: one runs, one skips', async () => {
    const results = await Promise.all([
      runDetectSingleFlight(detectDeps(s), { now: NOW }, { ttlMs: 30_000 }),
      runDetectSingleFlight(detectDeps(s), { now: NOW }, { ttlMs: 30_000 }),
    ]);
    // Both SET NX commands reach Redis before either run ends (the run itself awaits OpenSearch).
    expect(results.filter(isSkipped)).to.have.length(1);
    expect(results.filter((r) => !isSkipped(r))).to.have.length(1);
  });

  it('keeps the lock past its TTL while the run lasts (renewed), so no second run starts', async () => {
    const ttlMs = 1500;
    const gated = gatedRun();
    const first = runDetectSingleFlight(detectDeps(s), { now: NOW }, { ttlMs, run: gated.run });
    await gated.started;
    const startedAt = Date.now();
    // Polls (no fixed sleep) until three TTLs have passed: without renewal the key would be gone.
    while (Date.now() - startedAt < 3 * ttlMs) {
      const attempt = await runDetectSingleFlight(detectDeps(s), { now: NOW }, { ttlMs, run: gated.run });
      expect(isSkipped(attempt), `attempt ${Date.now() - startedAt} ms into the run`).to.equal(true);
      await new Promise((r) => setTimeout(r, 200));
    }
    gated.finish();
    await first;
    expect(gated.calls).to.equal(1);
  });

  it('a holder that crashed (lock never released) blocks runs until its TTL passes, then one proceeds', async () => {
    const ttlMs = 2000;
    // A crashed holder: the lock taken and never renewed nor released.
    const crashed = await acquireLock(s.redis, detectLockKey(s.prefix), ttlMs);
    expect(crashed).to.not.equal(null);
    const blocked = await runDetectSingleFlight(detectDeps(s), { now: NOW }, { ttlMs });
    expect(isSkipped(blocked)).to.equal(true);
    expect((blocked as DetectSkipped).holder).to.equal(crashed!.token);
    const deadline = Date.now() + 60_000;
    let result: DetectSummary | DetectSkipped = blocked;
    while (isSkipped(result)) {
      if (Date.now() > deadline) throw new Error('the lock of the crashed holder never expired');
      await new Promise((r) => setTimeout(r, 250));
      result = await runDetectSingleFlight(detectDeps(s), { now: NOW }, { ttlMs });
    }
    expect(result.run_id).to.match(/^detect_/);
  });

  it('release and renew never touch a lock held by another token', async () => {
    const key = `${s.prefix}:lock-test`;
    const old = await acquireLock(s.redis, key, 1000);
    expect(old).to.not.equal(null);
    expect(await acquireLock(s.redis, key, 1000)).to.equal(null);
    // The old holder's lock expires and another takes the key (its expiry simulated by deleting it).
    await s.redis.del(key);
    const current = await acquireLock(s.redis, key, 30_000);
    expect(current).to.not.equal(null);
    expect(await old!.release()).to.equal(false);
    expect(await old!.renew()).to.equal(false);
    expect(await s.redis.get(key)).to.equal(current!.token);
    expect(await s.redis.pttl(key)).to.be.above(1000);
    expect(await current!.renew()).to.equal(true);
    expect(await current!.release()).to.equal(true);
    expect(await s.redis.exists(key)).to.equal(0);
  });

  it('the trendscope detect command takes the same lock as the scheduled job: it skips while a run holds it', async () => {
    const held = await acquireLock(s.redis, detectLockKey(s.prefix), 30_000);
    expect(held).to.not.equal(null);
    try {
      const result = (await runDetectCommand(s.config, silentLogger, { now: NOW })) as DetectSummary | DetectSkipped;
      expect(isSkipped(result)).to.equal(true);
      expect((result as DetectSkipped).holder).to.equal(held!.token);
    } finally {
      await held!.release();
    }
  });

  it('trendscope detect --wait waits for the run in progress to end, then runs after it', async () => {
    const key = detectLockKey(s.prefix);
    const held = await acquireLock(s.redis, key, 30_000);
    expect(held).to.not.equal(null);
    let released = false;
    const release = setTimeout(() => void held!.release().then(() => (released = true)), 1500);
    try {
      const result = (await runDetectCommand(s.config, silentLogger, {
        now: NOW,
        wait: { pollMs: 100, maxMs: 20_000 },
      })) as DetectSummary | DetectSkipped;
      expect(released, 'ran only after the holder released the lock').to.equal(true);
      expect(isSkipped(result)).to.equal(false);
      expect((result as DetectSummary).run_id).to.match(/^detect_/);
    } finally {
      clearTimeout(release);
      await held!.release();
    }
  });

  it('trendscope detect --wait gives up after its longest wait and answers skipped', async () => {
    const held = await acquireLock(s.redis, detectLockKey(s.prefix), 30_000);
    try {
      const started = Date.now();
      const result = (await runDetectCommand(s.config, silentLogger, {
        now: NOW,
        wait: { pollMs: 100, maxMs: 800 },
      })) as DetectSummary | DetectSkipped;
      expect(isSkipped(result)).to.equal(true);
      expect(Date.now() - started).to.be.below(15_000);
    } finally {
      await held!.release();
    }
  });

  describe('a run whose lock expired while it ran (its process stalled past the TTL)', () => {
    const articles = ['Harbour bridge closed after ship strike', 'Ship strikes harbour bridge, bridge closed'].map(
      (title, i) => publisherArticle(`lost${i}`, NOW.getTime() - (i + 1) * 60_000, title, ['Harbour Bridge']),
    );
    const assigned = async (): Promise<Array<string | null>> => {
      await s.opensearch.indices.refresh({ index: s.names.articles });
      const res = await s.opensearch.search({
        index: s.names.articles,
        body: { query: { ids: { values: articles.map((a) => a.id) } } },
      });
      return res.body.hits.hits.map((h) => (h._source as unknown as ArticleDoc).trend_id ?? null);
    };
    const trendCount = async (): Promise<number> => {
      await s.opensearch.indices.refresh({ index: s.names.trends });
      return ((await s.opensearch.count({ index: s.names.trends })).body as { count: number }).count;
    };

    before(async () => {
      const body = articles.flatMap(({ id, doc }) => [{ index: { _index: s.names.articles, _id: id } }, doc]);
      await s.opensearch.bulk({ body, refresh: true });
    });

    it('writes nothing when another run took the lock meanwhile', async () => {
      const key = detectLockKey(s.prefix);
      const other = 'other-host:1:00000000000000000000000000000000';
      const result = runDetectSingleFlight(
        detectDeps(s),
        { now: NOW },
        {
          ttlMs: 30_000,
          // The run's lock expires and another run takes it before this one writes.
          run: async (deps, opts) => {
            await s.redis.set(key, other, 'PX', 30_000);
            return runDetect(deps, opts);
          },
        },
      );
      const err = await result.then(
        () => null,
        (e: Error) => e,
      );
      expect(err).to.be.instanceOf(DetectLockLostError);
      expect(await assigned()).to.deep.equal([null, null]);
      expect(await trendCount()).to.equal(0);
      // The other run's lock is left as it is.
      expect(await s.redis.get(key)).to.equal(other);
      await s.redis.del(key);
    });

    it('takes the lock again and writes when nobody took it meanwhile', async () => {
      const key = detectLockKey(s.prefix);
      const result = await runDetectSingleFlight(
        detectDeps(s),
        { now: NOW },
        {
          ttlMs: 30_000,
          run: async (deps, opts) => {
            await s.redis.del(key);
            return runDetect(deps, opts);
          },
        },
      );
      expect(isSkipped(result)).to.equal(false);
      for (const trendId of await assigned()) expect(trendId).to.be.a('string');
      expect(await trendCount()).to.be.above(0);
      expect(await s.redis.exists(key), 'released at the end').to.equal(0);
    });
  });
});
