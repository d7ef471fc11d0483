import { expect } from 'chai';
import { DomainLimiter } from '../../../../services/pipeline/src/fetch/domain-limiter';

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
