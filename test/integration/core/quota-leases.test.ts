import { expect } from 'chai';
import {
  createRedis,
  LEASE_MAX_AGE_MS,
  readQuotaUsage,
  readUsageHistory,
  utcDay,
  type QuotaDecision,
  type Redis,
} from '@trendscope/core';
import { consumeQuota, quotaServiceFor, releaseQuotaLeases } from '../../support/quota-services';
import { openTestServices, type TestServices } from '../../support/services';

/** A Redis client of its own stands for one API process: each holds its own leases. */
function processClient(s: TestServices): Redis {
  return createRedis(s.config.redis.url);
}

/** Counts the script calls a client sends, so a test can tell a lease from a Redis round trip. */
function countScriptCalls(redis: Redis): { calls: number } {
  const seen = { calls: 0 };
  const evalsha = redis.evalsha.bind(redis) as (...args: unknown[]) => Promise<unknown>;
  (redis as unknown as { evalsha: (...args: unknown[]) => Promise<unknown> }).evalsha = (...args) => {
    seen.calls += 1;
    return evalsha(...args);
  };
  return seen;
}

/** Counts the HMGETs a client sends: a quota read that counts nothing. */
function countReads(redis: Redis): { calls: number } {
  const seen = { calls: 0 };
  const hmget = redis.hmget.bind(redis) as (...args: unknown[]) => Promise<unknown>;
  (redis as unknown as { hmget: (...args: unknown[]) => Promise<unknown> }).hmget = (...args) => {
    seen.calls += 1;
    return hmget(...args);
  };
  return seen;
}

describe('quota leases (a block of a quota held by one API process)', () => {
  let s: TestServices;
  const clients: Redis[] = [];
  before(async () => {
    s = await openTestServices();
  });
  /**
   * Sends bursts of 10 parallel requests until this process holds a lease (Redis has counted more
   * than were sent), and answers how many were sent. A process leases only for a caller that sent
   * 8 requests within 100 ms, which sequential round trips on a loaded machine may not reach.
   */
  async function sendUntilLeased(redis: Redis, key: string, now: number, usageId?: string): Promise<number> {
    let sent = 0;
    do {
      await Promise.all(
        Array.from({ length: 10 }, async () => consumeQuota(redis, s.prefix, key, generous, now, usageId)),
      );
      sent += 10;
    } while ((await readQuotaUsage(s.redis, s.prefix, key, now)).minute === sent && sent < 200);
    expect((await readQuotaUsage(s.redis, s.prefix, key, now)).minute).to.be.above(sent);
    return sent;
  }
  afterEach(async () => {
    for (const c of clients.splice(0)) {
      await releaseQuotaLeases(c);
      c.disconnect();
    }
  });
  after(async () => {
    await s.cleanup();
  });

  const open = (): Redis => {
    const c = processClient(s);
    clients.push(c);
    return c;
  };
  const limits = { perMinute: 200, perDay: 100_000 };
  const generous = { perMinute: 100_000, perDay: 1_000_000 };

  it('serves a caller far from its limit mostly without a Redis call, with the remaining count falling by one', async () => {
    const redis = open();
    // The leases' clock stands still: the 40 requests arrive within 100 ms however loaded the machine.
    quotaServiceFor(redis, s.prefix, () => 0);
    const scripts = countScriptCalls(redis);
    const now = Date.now();
    const decisions: QuotaDecision[] = [];
    for (let i = 0; i < 40; i++) decisions.push(await consumeQuota(redis, s.prefix, 'k:lease-fast', generous, now));
    expect(decisions.every((d) => d.allowed)).to.be.true;
    expect(decisions.map((d) => d.minute.remaining)).to.deep.equal(Array.from({ length: 40 }, (_, i) => 99_999 - i));
    // Seven counted one by one (a caller leases from its 8th request in 100 ms), then blocks as
    // large as its requests so far in the last 100 ms (8, then about 12, 18, 27), asked ahead of need.
    expect(scripts.calls).to.be.at.most(12);
  });

  it('reads how a caller stands without counting: from its lease with no Redis call, else with one read', async () => {
    const redis = open();
    const service = quotaServiceFor(redis, s.prefix, () => 0);
    const scripts = countScriptCalls(redis);
    const reads = countReads(redis);
    const caller = service.caller('k:lease-peek', generous);
    const now = Date.now();
    // Counted by another process: this one holds nothing of the caller and reads Redis once.
    const other = quotaServiceFor(open(), s.prefix);
    for (let i = 0; i < 3; i++) await other.count(other.caller('k:lease-peek', generous), now);
    const quiet = await service.peek(caller, now);
    expect([quiet.allowed, quiet.minute.remaining, quiet.day.remaining]).to.deep.equal([true, 99_997, 999_997]);
    expect(reads.calls).to.equal(1);
    expect(await readQuotaUsage(s.redis, s.prefix, 'k:lease-peek', now)).to.deep.equal({ minute: 3, day: 3 });

    let last: QuotaDecision | undefined;
    for (let i = 0; i < 40; i++) last = await service.count(caller, now);
    const [scriptsBefore, readsBefore] = [scripts.calls, reads.calls];
    const leased = service.peek(caller, now);
    expect(leased).to.not.be.instanceOf(Promise);
    expect((leased as QuotaDecision).minute.remaining).to.equal(last!.minute.remaining);
    expect([scripts.calls, reads.calls]).to.deep.equal([scriptsBefore, readsBefore]);
    const next = await service.count(caller, now);
    expect(next.minute.remaining).to.equal((leased as QuotaDecision).minute.remaining - 1);
  });

  it('counts a caller sending a few requests in Redis one by one, so its usage is exact at once', async () => {
    const redis = open();
    const now = Date.now();
    for (let i = 0; i < 5; i++) await consumeQuota(redis, s.prefix, 'k:lease-few', generous, now, 'lease-few');
    expect(await readQuotaUsage(s.redis, s.prefix, 'k:lease-few', now)).to.deep.equal({ minute: 5, day: 5 });
  });

  it('lets exactly the quota through one process that leases, and leaves Redis and the usage history exact', async () => {
    const redis = open();
    const now = Date.now();
    let allowed = 0;
    for (let i = 0; i < 260; i++) {
      if ((await consumeQuota(redis, s.prefix, 'k:lease-one', limits, now, 'lease-one')).allowed) allowed += 1;
    }
    expect(allowed).to.equal(200);
    await releaseQuotaLeases(redis);
    expect(await readQuotaUsage(s.redis, s.prefix, 'k:lease-one', now)).to.deep.equal({ minute: 200, day: 200 });
    expect(await s.redis.hget(`${s.prefix}:usage:lease-one`, utcDay(now))).to.equal('200');
  });

  it('never lets more than the quota through two processes, and none is lost once their leases are back', async () => {
    const [a, b] = [open(), open()];
    const now = Date.now();
    let allowed = 0;
    for (let i = 0; i < 260; i++) {
      const redis = i % 3 === 0 ? b : a;
      if ((await consumeQuota(redis, s.prefix, 'k:lease-two', limits, now, 'lease-two')).allowed) allowed += 1;
    }
    expect(allowed).to.be.at.most(200);
    await Promise.all([releaseQuotaLeases(a), releaseQuotaLeases(b)]);
    expect((await readQuotaUsage(s.redis, s.prefix, 'k:lease-two', now)).minute).to.equal(allowed);
    for (let i = 0; i < 20; i++) {
      if ((await consumeQuota(b, s.prefix, 'k:lease-two', limits, now, 'lease-two')).allowed) allowed += 1;
    }
    expect(allowed).to.equal(200);
    expect(await readQuotaUsage(s.redis, s.prefix, 'k:lease-two', now)).to.deep.equal({ minute: 200, day: 200 });
    const history = await readUsageHistory(s.redis, s.prefix, 'lease-two', now, 1);
    expect(history[0]?.requests).to.equal(200);
  });

  it('lets exactly the rest of a quota of 150 through 400 parallel requests split over two leasing processes', async () => {
    const [a, b] = [open(), open()];
    const now = Date.now();
    const quota = { perMinute: 150, perDay: 100_000 };
    // Both processes learn the count first, so the burst meets leases.
    await consumeQuota(a, s.prefix, 'k:lease-burst', quota, now);
    await consumeQuota(b, s.prefix, 'k:lease-burst', quota, now);
    const decisions = await Promise.all(
      Array.from({ length: 400 }, async (_, i) => consumeQuota(i % 2 ? a : b, s.prefix, 'k:lease-burst', quota, now)),
    );
    expect(decisions.filter((d) => d.allowed)).to.have.length(148);
    expect((await readQuotaUsage(s.redis, s.prefix, 'k:lease-burst', now)).minute).to.equal(150);
  });

  it('gives back the tokens a process has not used once its lease ages out', async () => {
    const redis = open();
    const now = Date.now();
    const sent = await sendUntilLeased(redis, 'k:lease-age', now, 'lease-age');
    await new Promise((r) => setTimeout(r, LEASE_MAX_AGE_MS + 400));
    expect(await readQuotaUsage(s.redis, s.prefix, 'k:lease-age', now)).to.deep.equal({ minute: sent, day: sent });
    expect(await s.redis.hget(`${s.prefix}:usage:lease-age`, utcDay(now))).to.equal(String(sent));
  });

  it('gives back to the day, not to an ended minute, the tokens left when the minute turns', async () => {
    const redis = open();
    const minute0 = Math.floor(Date.now() / 60_000) * 60_000 - 120_000;
    const sent = await sendUntilLeased(redis, 'k:lease-turn', minute0 + 1000);
    const next = await consumeQuota(redis, s.prefix, 'k:lease-turn', generous, minute0 + 61_000);
    expect(next.allowed).to.be.true;
    await releaseQuotaLeases(redis);
    const day = (await readQuotaUsage(s.redis, s.prefix, 'k:lease-turn', minute0 + 61_000)).day;
    expect(day).to.equal(utcDay(minute0) === utcDay(minute0 + 61_000) ? sent + 1 : 1);
  });

  it('serves a busy caller from blocks sized to its rate: once warm, no request waits and refills are rare', async () => {
    const redis = open();
    const scripts = countScriptCalls(redis);
    // The leases' clock moves 1 ms per event-loop turn (32 requests a millisecond) whatever the
    // machine's load, so the rate the blocks follow is the test's, not the scheduler's.
    let turn = 0;
    const quotas = quotaServiceFor(redis, s.prefix, () => turn);
    const caller = quotas.caller('k:lease-rate', generous, 'lease-rate');
    const now = Date.now();
    // 32 requests per event-loop turn, as 32 connections send them; a request the lease cannot
    // serve at once (a promise) waits for Redis.
    const turns = async (n: number): Promise<number> => {
      let waited = 0;
      for (let t = 0; t < n; t++) {
        await new Promise((resolve) => setImmediate(resolve));
        turn += 1;
        const waits: Promise<unknown>[] = [];
        for (let i = 0; i < 32; i++) {
          const counted = quotas.count(caller, now);
          if (counted instanceof Promise) waits.push(counted);
        }
        waited += waits.length;
        await Promise.all(waits);
      }
      return waited;
    };
    await turns(50);
    const callsWarm = scripts.calls;
    // None when refills answer within a turn; a turn's worth where a loaded machine delays one.
    expect(await turns(50)).to.be.at.most(32);
    // Blocks of at most 128 (before they followed the rate) needed 1,600 / 128 = 12 refills here.
    expect(scripts.calls - callsWarm).to.be.at.most(6);
    await releaseQuotaLeases(redis);
    expect(await readQuotaUsage(s.redis, s.prefix, 'k:lease-rate', now)).to.deep.equal({ minute: 3200, day: 3200 });
    expect(await s.redis.hget(`${s.prefix}:usage:lease-rate`, utcDay(now))).to.equal('3200');
  });
});
