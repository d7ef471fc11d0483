import { presentTrendDetail } from '@trendscope/core';
import { expect } from 'chai';
import { demoTrends } from '@trendscope/pipeline/lab/evaluate/trends/demo-trends';
import { velocityContradictions } from '@trendscope/pipeline/lab/metrics/velocity-check';

// Every trend `make demo` serves, as GET /v1/trends/{id} presents it, at the demo's clock and at
// later clocks (velocity moves with the clock): no class a reader could refute from its numbers.
describe('served velocity classes follow from their served numbers (what make demo shows)', function () {
  this.timeout(300_000);
  const now = new Date('2026-11-23T12:00:00Z');

  for (const hoursLater of [0, 6]) {
    it(`contradicts no served number ${hoursLater} h after the newest article`, async () => {
      const clock = new Date(now.getTime() + hoursLater * 3_600_000);
      const trends = await demoTrends(now, {}, clock);
      expect(trends.length).to.be.above(300);
      const served = trends.map((d) => presentTrendDetail(d.trend));
      const classes = new Map<string, number>();
      for (const t of served)
        classes.set(
          `${t.velocity}/${t.velocity_metrics.rule}`,
          (classes.get(`${t.velocity}/${t.velocity_metrics.rule}`) ?? 0) + 1,
        );
      process.stdout.write(
        `      ${served.length} trends: ${JSON.stringify(Object.fromEntries([...classes].sort()))}\n`,
      );
      expect(served.flatMap(velocityContradictions)).to.deep.equal([]);
    });
  }
});
