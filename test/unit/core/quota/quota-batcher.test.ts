import { expect } from 'chai';
import type { Redis } from 'ioredis';
import { MAX_BATCH, QuotaBatcher, type QuotaRequest, type ScriptRunner } from '@trendscope/core';
import { consumeQuota } from '../../../support/quota-services';

/** A script runner that records each call and answers with `answer(keys, args)`. */
function fakeRedis(answer: (keys: string[], args: string[]) => unknown): ScriptRunner & { calls: string[][] } {
  const calls: string[][] = [];
  const evalsha = async (_sha: string, numKeys: number, ...rest: (string | number)[]): Promise<unknown> => {
    await Promise.resolve();
    const all = rest.map(String);
    calls.push(all);
    return answer(all.slice(0, numKeys), all.slice(numKeys));
  };
  return { calls, evalsha, eval: evalsha } as unknown as ScriptRunner & { calls: string[][] };
}

const request = (counterKey: string, overrides: Partial<QuotaRequest> = {}): QuotaRequest => ({
  counterKey,
  usageKey: '',
  minuteWindow: 100,
  dayWindow: 2,
  perMinute: 5,
  perDay: 50,
  dayResetSeconds: 3600,
  dayLabel: '2026-11-23',
  ...overrides,
});

describe('QuotaBatcher', () => {
  it('sends the requests of one event-loop turn as one script call, one entry per caller', async () => {
    const redis = fakeRedis(() => ['gen-1', 2, 0, 0, 1, 4, 10]);
    const batcher = new QuotaBatcher(redis, 'p:data-generation');
    const counts = await Promise.all([
      batcher.count(request('p:quota:k:a', { usageKey: 'p:usage:a' })),
      batcher.count(request('p:quota:a:1.2.3.4')),
      batcher.count(request('p:quota:k:a', { usageKey: 'p:usage:a' })),
    ]);
    expect(redis.calls).to.have.length(1);
    const sent = redis.calls[0] ?? [];
    expect(sent.slice(0, 4)).to.deep.equal(['p:data-generation', 'p:quota:k:a', 'p:usage:a', 'p:quota:a:1.2.3.4']);
    // Entry 1: counter index 2, usage index 3, two requests; entry 2: counter index 4, no usage, one.
    expect(sent.slice(4, 7)).to.deep.equal(['2', '3', '2']);
    expect(sent.slice(13, 16)).to.deep.equal(['4', '0', '1']);
    expect(counts.map((c) => c.allowed)).to.deep.equal([true, true, true]);
    expect(counts.map((c) => c.minuteCount)).to.deep.equal([1, 5, 2]);
    expect(counts.every((c) => c.dataGeneration === 'gen-1')).to.be.true;
  });

  it('admits the first k requests of a caller in arrival order, each with its own remaining', async () => {
    // The script admits 2 of 4 requests: 3 of 5 were already used this minute.
    const redis = fakeRedis(() => ['', 2, 3, 7]);
    const now = Date.UTC(2026, 10, 23, 10, 0, 30);
    const decisions = await Promise.all(
      Array.from({ length: 4 }, async () =>
        consumeQuota(redis as unknown as Redis, 'p', 'k:order', { perMinute: 5, perDay: 50 }, now),
      ),
    );
    expect(redis.calls).to.have.length(1);
    expect(decisions.map((d) => d.allowed)).to.deep.equal([true, true, false, false]);
    expect(decisions.map((d) => d.minute.remaining)).to.deep.equal([1, 0, 0, 0]);
    expect(decisions.map((d) => d.day.remaining)).to.deep.equal([42, 41, 41, 41]);
    expect(decisions.every((d) => d.dataGeneration === null)).to.be.true;
  });

  it('admits a block of tokens (a lease) in the same entry as single requests, in arrival order', async () => {
    // The script admits 5 of the entry's 1 + 8 + 1 tokens.
    const redis = fakeRedis(() => ['g', 5, 10, 100]);
    const batcher = new QuotaBatcher(redis, 'g');
    const counts = await Promise.all([
      batcher.count(request('c')),
      batcher.count(request('c', { tokens: 8 })),
      batcher.count(request('c')),
    ]);
    expect((redis.calls[0] ?? []).slice(2, 5)).to.deep.equal(['2', '0', '10']);
    expect(counts.map((c) => c.granted)).to.deep.equal([1, 4, 0]);
    expect(counts.map((c) => c.allowed)).to.deep.equal([true, true, false]);
    expect(counts.map((c) => c.minuteCount)).to.deep.equal([11, 15, 15]);
  });

  it('sends a full batch at once, without waiting for the end of the turn', async () => {
    const redis = fakeRedis((_keys, args) => ['g', ...Array.from({ length: args.length / 9 }, () => [1, 0, 0]).flat()]);
    const batcher = new QuotaBatcher(redis, 'g');
    const counts = Array.from({ length: MAX_BATCH + 1 }, (_, i) => batcher.count(request(`c${i}`)));
    expect(redis.calls).to.have.length(0);
    await Promise.resolve();
    expect(redis.calls).to.have.length(1);
    expect((await Promise.all(counts)).every((c) => c.allowed)).to.be.true;
    expect(redis.calls).to.have.length(2);
  });

  it('starts a new batch in the next turn of the event loop', async () => {
    const redis = fakeRedis(() => ['g', 1, 0, 0]);
    const batcher = new QuotaBatcher(redis, 'g');
    await batcher.count(request('c'));
    await batcher.count(request('c'));
    expect(redis.calls).to.have.length(2);
  });

  it('rejects every request of a batch when its Redis call fails, and the next batch counts again', async () => {
    let fail = true;
    const redis = fakeRedis(() => {
      if (fail) throw new Error('connection closed');
      return ['g', 1, 0, 0];
    });
    const batcher = new QuotaBatcher(redis, 'g');
    const outcomes = await Promise.allSettled([
      batcher.count(request('a')),
      batcher.count(request('b')),
      batcher.count(request('a')),
    ]);
    expect(outcomes.map((o) => o.status)).to.deep.equal(['rejected', 'rejected', 'rejected']);
    expect(outcomes.map((o) => ((o as PromiseRejectedResult).reason as Error).message)).to.deep.equal(
      Array(3).fill('connection closed'),
    );
    fail = false;
    expect((await batcher.count(request('a'))).allowed).to.be.true;
  });

  it('loads the script with EVAL when Redis has lost it', async () => {
    const calls: string[] = [];
    const redis = {
      evalsha: () => {
        calls.push('evalsha');
        return Promise.reject(new Error('NOSCRIPT No matching script'));
      },
      eval: () => {
        calls.push('eval');
        return Promise.resolve(['g', 1, 0, 0]);
      },
    } as unknown as ScriptRunner;
    expect((await new QuotaBatcher(redis, 'g').count(request('a'))).allowed).to.be.true;
    expect(calls).to.deep.equal(['evalsha', 'eval']);
  });
});
