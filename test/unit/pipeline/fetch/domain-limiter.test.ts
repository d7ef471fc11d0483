import { expect } from 'chai';
import { DomainLimiter } from '@trendscope/pipeline/fetch/domain-limiter';

describe('DomainLimiter', () => {
  it('keeps at most `concurrency` tasks in flight per domain, and other domains unaffected', async () => {
    const limiter = new DomainLimiter({ concurrency: 2, delayMs: 0 });
    let active = 0;
    let peak = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const task = async () => {
      active++;
      peak = Math.max(peak, active);
      await gate;
      active--;
    };
    const tasks = Array.from({ length: 6 }, () => limiter.run('a.example', task));
    await new Promise((r) => setTimeout(r, 5));
    // a.example is full (2 in flight, 4 waiting), yet b.example runs at once.
    let activeWhenOtherRan = -1;
    await limiter.run('b.example', () => {
      activeWhenOtherRan = active;
      return Promise.resolve();
    });
    expect(activeWhenOtherRan).to.equal(2);
    release();
    await Promise.all(tasks);
    expect(peak).to.equal(2);
    expect(active).to.equal(0);
  });

  it('spaces the starts to one domain by at least the delay', async () => {
    const limiter = new DomainLimiter({ concurrency: 4, delayMs: 100 });
    const starts: number[] = [];
    await Promise.all(
      Array.from({ length: 4 }, () =>
        limiter.run('a.example', () => {
          starts.push(Date.now());
          return Promise.resolve();
        }),
      ),
    );
    starts.sort((a, b) => a - b);
    for (let i = 1; i < starts.length; i++)
      // A few ms of scheduling jitter between the slot and the task's own clock reading.
      expect(starts[i]! - starts[i - 1]!).to.be.at.least(90);
  });
});

describe('DomainLimiter with a shared start reserver', () => {
  it('waits as long as the reserver says, and frees the slot when the reserver fails', async () => {
    const waits = [0, 40];
    const limiter = new DomainLimiter({ concurrency: 1, delayMs: 100 }, Date.now, () =>
      Promise.resolve(waits.shift() ?? 0),
    );
    const t0 = Date.now();
    await limiter.run('a.example', () => Promise.resolve());
    let second = 0;
    await limiter.run('a.example', () => ((second = Date.now() - t0), Promise.resolve()));
    expect(second).to.be.at.least(35);

    let calls = 0;
    const flaky = new DomainLimiter({ concurrency: 1, delayMs: 100 }, Date.now, () =>
      calls++ === 0 ? Promise.reject(new Error('redis down')) : Promise.resolve(0),
    );
    let err: Error | null = null;
    await flaky.run('a.example', () => Promise.resolve()).catch((e: Error) => (err = e));
    expect(err).to.have.property('message', 'redis down');
    // The slot was given back: with concurrency 1 the next call runs instead of waiting forever.
    expect(await flaky.run('a.example', () => Promise.resolve(7))).to.equal(7);
  });
});
