import { expect } from 'chai';
import { LatencyHistogram } from '../../support/latency-histogram';
import { compareRounds, costVerdict, summarise, type RoundFigures } from '../../support/paired-rounds';

/** A round of `requests` answers in 2 s, `cpuUs` of CPU each, latencies `ms` (repeated in turn). */
function round(requests: number, cpuUs: number, ms: readonly number[]): RoundFigures {
  const latencies = new LatencyHistogram();
  for (let i = 0; i < requests; i += 1) latencies.record(ms[i % ms.length]!);
  return { requests, seconds: 2, cpuSeconds: (requests * cpuUs) / 1e6, errors: 0, latencies };
}

describe('latency histogram (bench support)', () => {
  it('reads quantiles within 0.25 % of the exact ones', () => {
    const h = new LatencyHistogram();
    for (let i = 1; i <= 10_000; i += 1) h.record(i / 1000);
    expect(h.quantile(0.99)).to.be.closeTo(9.9, 9.9 * 0.0025);
    expect(h.quantile(0.5)).to.be.closeTo(5, 5 * 0.0025);
  });

  it('pools rounds: the p99 of all requests, not of one round', () => {
    const fast = new LatencyHistogram();
    const slow = new LatencyHistogram();
    for (let i = 0; i < 1000; i += 1) fast.record(1);
    for (let i = 0; i < 1000; i += 1) slow.record(i < 980 ? 1 : 50);
    // 20 slow answers in 2,000: beyond the pooled p99 (rank 1,980), which is still a fast one.
    expect(LatencyHistogram.pooled([fast, slow]).quantile(0.99)).to.be.closeTo(1, 0.01);
    expect(slow.quantile(0.99)).to.be.closeTo(50, 0.2);
  });
});

describe('paired rounds (bench support)', () => {
  it('pools each side: throughput, CPU per answer and the share of a core', () => {
    const s = summarise([round(20_000, 50, [2]), round(30_000, 50, [4])]);
    expect(s.rps).to.equal(12_500);
    expect(s.cpuUsPerAnswer).to.be.closeTo(50, 1e-9);
    expect(s.busy).to.be.closeTo(0.625, 1e-9);
    expect(s.p99).to.be.closeTo(4, 0.02);
  });

  it('finds a 10 % cost with an interval that excludes 1 and reads it as not within 5 %', () => {
    const b = [20_000, 21_000, 19_000, 20_500].map((n) => round(n, 50, [2, 3]));
    const a = b.map((r) => round(Math.round(r.requests * 0.9), 55, [2.2, 3.3]));
    const ratios = compareRounds(a, b);
    expect(ratios.throughput.value).to.be.closeTo(0.9, 0.001);
    expect(ratios.cpu.value).to.be.closeTo(1.1, 0.001);
    expect(ratios.p99.value).to.be.closeTo(1.1, 0.01);
    expect(ratios.throughput.high).to.be.below(0.95);
    expect(costVerdict(ratios)).to.equal('NOT within 5 %');
  });

  it('reads identical sides as within 5 %, and a wide interval as not decided', () => {
    const b = [20_000, 21_000, 19_000].map((n) => round(n, 50, [2]));
    expect(costVerdict(compareRounds(b, b))).to.equal('within 5 %');
    const noisy = [round(12_000, 50, [2]), round(30_000, 50, [2]), round(20_000, 50, [2])];
    expect(costVerdict(compareRounds(noisy, b))).to.match(/^within 5 % \(not decided/);
  });

  it('refuses sides with different numbers of rounds', () => {
    expect(() => compareRounds([round(1, 1, [1])], [])).to.throw(/same rounds/);
  });
});
