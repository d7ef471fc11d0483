import { expect } from 'chai';
import { DomainLimiter } from '@trendscope/pipeline/fetch/domain-limiter';
import { redisStartReserver } from '@trendscope/pipeline/fetch/start-reserver';
import { useTestServices } from '../../support/services';

/**
 * Slots are reserved on Redis's clock and waited out on this process's timers, so an observed gap
 * can fall short of the delay by the spread of a Redis round trip plus timer lateness: over 100 ms
 * on a loaded 2-core machine. A long delay with a half-delay margin still tells shared spacing
 * (every gap about a delay) from per-process spacing (the first starts of two processes together).
 */
const DELAY_MS = 1000;
const JITTER_MS = 500;

describe('politeness delay shared through Redis (several worker processes)', function () {
  this.timeout(30_000);
  const s = useTestServices();

  /** Two limiters, as two worker processes would each have, over one Redis. */
  function twoProcesses(delayMs: number): [DomainLimiter, DomainLimiter] {
    const make = () =>
      new DomainLimiter({ concurrency: 4, delayMs }, Date.now, redisStartReserver(s.redis, s.prefix, delayMs));
    return [make(), make()];
  }

  it('spaces request starts to one domain by the delay across processes, not per process', async () => {
    const [a, b] = twoProcesses(DELAY_MS);
    const starts: number[] = [];
    const task = () => {
      starts.push(Date.now());
      return Promise.resolve();
    };
    await Promise.all([
      ...Array.from({ length: 3 }, () => a.run('pub.example', task)),
      ...Array.from({ length: 3 }, () => b.run('pub.example', task)),
    ]);
    starts.sort((x, y) => x - y);
    const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
    expect(gaps).to.have.length(5);
    // Per process alone, the two first starts would be simultaneous; shared, every gap is a delay.
    for (const gap of gaps) expect(gap).to.be.at.least(DELAY_MS - JITTER_MS);
  });

  it('does not hold back other domains, and domain names are case-insensitive', async () => {
    const [a, b] = twoProcesses(DELAY_MS);
    const t0 = Date.now();
    await a.run('one.example', () => Promise.resolve());
    let other = 0;
    await b.run('two.example', () => ((other = Date.now() - t0), Promise.resolve()));
    expect(other).to.be.below(JITTER_MS);
    let same = 0;
    await b.run('ONE.example', () => ((same = Date.now() - t0), Promise.resolve()));
    expect(same).to.be.at.least(DELAY_MS - JITTER_MS);
  });
});
