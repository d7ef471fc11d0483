import { expect } from 'chai';
import { bumpGeneration, quotaKey, readQuotaUsage, readUsageHistory, usageKey } from '@trendscope/core';
import { consumeQuota } from '../../support/quota-services';
import { useTestServices } from '../../support/services';

describe('quota counting in Redis', () => {
  const s = useTestServices();

  const limits = { perMinute: 3, perDay: 5 };
  const at = (h: number, m: number, sec: number, ms = 0): number => Date.UTC(2026, 10, 23, h, m, sec, ms);

  it('lets exactly the minute quota through and opens again at the next minute', async () => {
    const subject = 'a:edge-minute';
    const results = [];
    for (let i = 0; i < 4; i++)
      results.push(await consumeQuota(s.redis, s.prefix, subject, limits, at(10, 0, 59, 998)));
    expect(results.map((r) => r.allowed)).to.deep.equal([true, true, true, false]);
    expect(results[2]?.minute).to.deep.equal({ limit: 3, remaining: 0, resetSeconds: 1 });
    expect(results[3]?.minute.remaining).to.equal(0);
    const last = await consumeQuota(s.redis, s.prefix, subject, limits, at(10, 0, 59, 999));
    expect(last.allowed).to.be.false;
    const next = await consumeQuota(s.redis, s.prefix, subject, limits, at(10, 1, 0, 0));
    expect(next.allowed).to.be.true;
    expect(next.minute).to.deep.equal({ limit: 3, remaining: 2, resetSeconds: 60 });
    expect(next.day.remaining).to.equal(1);
  });

  it('refuses past the day quota until the next UTC day, whatever the minute', async () => {
    const subject = 'a:edge-day';
    for (let m = 0; m < 5; m++) {
      expect((await consumeQuota(s.redis, s.prefix, subject, limits, at(23, 50 + m, 0))).allowed).to.be.true;
    }
    const refused = await consumeQuota(s.redis, s.prefix, subject, limits, at(23, 59, 59, 999));
    expect(refused.allowed).to.be.false;
    expect(refused.day).to.deep.equal({ limit: 5, remaining: 0, resetSeconds: 1 });
    const tomorrow = await consumeQuota(s.redis, s.prefix, subject, limits, at(23, 59, 59, 999) + 1);
    expect(tomorrow.allowed).to.be.true;
    expect(tomorrow.day).to.deep.equal({ limit: 5, remaining: 4, resetSeconds: 86_400 });
  });

  it('does not count a request refused by the minute against the day', async () => {
    const subject = 'a:no-double-count';
    for (let i = 0; i < 3; i++) await consumeQuota(s.redis, s.prefix, subject, limits, at(12, 0, 10));
    for (let i = 0; i < 10; i++) {
      expect((await consumeQuota(s.redis, s.prefix, subject, limits, at(12, 0, 20))).allowed).to.be.false;
    }
    expect(await readQuotaUsage(s.redis, s.prefix, subject, at(12, 0, 30))).to.deep.equal({ minute: 3, day: 3 });
    const later = await consumeQuota(s.redis, s.prefix, subject, limits, at(12, 1, 0));
    expect(later.allowed).to.be.true;
    expect(later.day.remaining).to.equal(1);
  });

  it('answers the data generation with the count (null before any write), so a read needs no second call', async () => {
    const before = await consumeQuota(s.redis, s.prefix, 'a:generation', limits, at(9, 0, 0));
    expect(before.dataGeneration).to.equal(null);
    const token = await bumpGeneration(s.redis, s.prefix);
    const after = await consumeQuota(s.redis, s.prefix, 'a:generation', limits, at(9, 0, 1));
    expect(after.dataGeneration).to.equal(token);
    const refused = await consumeQuota(s.redis, s.prefix, 'a:generation', { perMinute: 2, perDay: 5 }, at(9, 0, 2));
    expect(refused).to.include({ allowed: false, dataGeneration: token });
  });

  it("lets the counters expire a minute after their day ends and a key's usage history after 35 days", async () => {
    const subject = 'k:expiring';
    for (let i = 0; i < 3; i++) {
      await consumeQuota(s.redis, s.prefix, subject, { perMinute: 10, perDay: 10 }, at(23, 0, i), 'expiring');
    }
    // Set by the day's first count, at 23:00:00: 3600 s before the day ends, plus a minute.
    expect(await s.redis.ttl(quotaKey(s.prefix, subject))).to.be.within(3660 - 5, 3660);
    expect(await s.redis.ttl(usageKey(s.prefix, 'expiring'))).to.be.within(35 * 86400 - 5, 35 * 86400);
  });

  it('lets exactly 50 of 100 parallel requests through a quota of 50', async () => {
    const now = Date.now();
    const decisions = await Promise.all(
      Array.from({ length: 100 }, async () =>
        consumeQuota(s.redis, s.prefix, 'k:parallel', { perMinute: 50, perDay: 1000 }, now),
      ),
    );
    expect(decisions.filter((d) => d.allowed)).to.have.length(50);
    expect((await readQuotaUsage(s.redis, s.prefix, 'k:parallel', now)).minute).to.equal(50);
  });

  it('counts one batch of mixed callers exactly, each caller against its own windows', async () => {
    const now = at(14, 0, 5);
    await consumeQuota(s.redis, s.prefix, 'k:mixed-used', { perMinute: 10, perDay: 4 }, now, 'mixed-used');
    const calls = [
      ...Array.from({ length: 7 }, () => ['k:mixed-a', { perMinute: 5, perDay: 100 }, 'mixed-a'] as const),
      ...Array.from({ length: 3 }, () => ['a:10.0.0.9', { perMinute: 5, perDay: 100 }, undefined] as const),
      ...Array.from({ length: 6 }, () => ['k:mixed-used', { perMinute: 10, perDay: 4 }, 'mixed-used'] as const),
    ];
    const decisions = await Promise.all(
      calls.map(async ([subject, l, keyId]) => consumeQuota(s.redis, s.prefix, subject, l, now, keyId)),
    );
    const allowed = (from: number, to: number): boolean[] => decisions.slice(from, to).map((d) => d.allowed);
    expect(allowed(0, 7)).to.deep.equal([true, true, true, true, true, false, false]);
    expect(decisions.slice(0, 7).map((d) => d.minute.remaining)).to.deep.equal([4, 3, 2, 1, 0, 0, 0]);
    expect(allowed(7, 10)).to.deep.equal([true, true, true]);
    // The day window (4, one already used) refuses the last three; the minute window is not consumed.
    expect(allowed(10, 16)).to.deep.equal([true, true, true, false, false, false]);
    expect(decisions.slice(10, 16).map((d) => d.day.remaining)).to.deep.equal([2, 1, 0, 0, 0, 0]);
    expect(await readQuotaUsage(s.redis, s.prefix, 'k:mixed-a', now)).to.deep.equal({ minute: 5, day: 5 });
    expect(await readQuotaUsage(s.redis, s.prefix, 'a:10.0.0.9', now)).to.deep.equal({ minute: 3, day: 3 });
    expect(await readQuotaUsage(s.redis, s.prefix, 'k:mixed-used', now)).to.deep.equal({ minute: 4, day: 4 });
    expect(await s.redis.hget(usageKey(s.prefix, 'mixed-a'), '2026-11-23')).to.equal('5');
    expect(await s.redis.hget(usageKey(s.prefix, 'mixed-used'), '2026-11-23')).to.equal('4');
  });

  it("keeps a key's requests per UTC day for the console", async () => {
    const keyId = 'key_history';
    await consumeQuota(s.redis, s.prefix, `k:${keyId}`, limits, at(8, 0, 0), keyId);
    await consumeQuota(s.redis, s.prefix, `k:${keyId}`, limits, at(8, 0, 1), keyId);
    await consumeQuota(s.redis, s.prefix, `k:${keyId}`, limits, Date.UTC(2026, 10, 24, 8), keyId);
    const history = await readUsageHistory(s.redis, s.prefix, keyId, Date.UTC(2026, 10, 24, 9), 3);
    expect(history).to.deep.equal([
      { day: '2026-11-22', requests: 0 },
      { day: '2026-11-23', requests: 2 },
      { day: '2026-11-24', requests: 1 },
    ]);
  });
});
