import { expect } from 'chai';
import {
  decidedVelocity,
  DEFAULT_VELOCITY_OPTIONS,
  independentReportTimes,
  needsVelocityRefresh,
  velocityClass,
  velocityDecision,
  velocityHistory,
  velocityMetrics,
} from '@trendscope/pipeline/detect/velocity';
import { VELOCITY_RULE_VERSION, type VelocityMetrics } from '@trendscope/core';

const H = 3_600_000;
const NOW = Date.parse('2026-11-21T12:00:00Z');

function m(over: Partial<VelocityMetrics>): VelocityMetrics {
  return { window_hours: 24, current: 0, previous: 0, growth: 1, peak: 0, age_hours: 100, ...over };
}

describe('velocity metrics', () => {
  it('counts a report exactly W before now in the previous window, not the current one', () => {
    const r = velocityMetrics([NOW - 24 * H, NOW - 24 * H + 1, NOW], NOW - 30 * H, NOW);
    expect(r.current).to.equal(2);
    expect(r.previous).to.equal(1);
    expect(r.growth).to.equal(1.5);
  });

  it('counts a report just under 2W before now in the previous window and one exactly 2W before in neither', () => {
    const r = velocityMetrics([NOW - 48 * H, NOW - 48 * H + 1], NOW - 49 * H, NOW);
    expect(r.previous).to.equal(1);
    expect(r.current).to.equal(0);
  });

  it('finds the peak as the most reports in any W-long window of the trend life', () => {
    const times = [0, 1, 2, 3, 23.9, 30, 80].map((h) => NOW - 100 * H + h * H);
    const r = velocityMetrics(times, times[0]!, NOW);
    expect(r.peak).to.equal(5);
    expect(r.age_hours).to.equal(100);
  });

  it('ignores reports after the clock', () => {
    const r = velocityMetrics([NOW - H, NOW + H], NOW - H, NOW);
    expect(r.current).to.equal(1);
  });

  it('counts syndicated near-duplicate copies once', () => {
    const times = independentReportTimes([
      { time: 1, simhash: '0123456789abcdef' },
      { time: 2, simhash: '0123456789abcdee' },
      { time: 3, simhash: 'fedcba9876543210' },
      { time: 4, simhash: null },
    ]);
    expect(times).to.deep.equal([1, 3, 4]);
  });
});

describe('velocity class boundaries (W = 24 h)', () => {
  it('is emerging under age 2W with 4 reports', () => {
    expect(velocityClass(m({ age_hours: 47.99, current: 4, peak: 4 }))).to.equal('emerging');
  });
  it('is not emerging at age exactly 2W', () => {
    expect(velocityClass(m({ age_hours: 48, current: 4, previous: 0, peak: 4 }))).to.equal('accelerating');
  });
  it('is not emerging with 5 reports even when young', () => {
    expect(velocityClass(m({ age_hours: 10, current: 5, previous: 0, peak: 5 }))).to.equal('accelerating');
  });
  it('is accelerating at growth exactly 1.5 with 3 reports', () => {
    // (3 + 1) / (x + 1) = 1.5 needs x = 5/3; use current 5, previous 3: 6 / 4 = 1.5.
    expect(velocityClass(m({ current: 5, previous: 3, peak: 10 }))).to.equal('accelerating');
  });
  it('is not fast growth just under growth 1.5, and not declining while growing (regrowing: accelerating)', () => {
    expect(velocityDecision(m({ current: 5, previous: 4, peak: 10 }))).to.deep.equal({
      velocity: 'accelerating',
      rule: 'regrowing',
    });
  });
  it('is not accelerating with only 2 reports, whatever the growth', () => {
    expect(velocityClass(m({ current: 2, previous: 0, peak: 2 }))).to.equal('peak');
  });
  it('is accelerating with exactly 3 reports and growth 4', () => {
    expect(velocityClass(m({ current: 3, previous: 0, peak: 3 }))).to.equal('accelerating');
  });
  it('is peak at exactly 0.8 of the peak', () => {
    expect(velocityClass(m({ current: 8, previous: 8, peak: 10 }))).to.equal('peak');
  });
  it('is declining just under 0.8 of the peak', () => {
    expect(velocityClass(m({ current: 7, previous: 8, peak: 9 }))).to.equal('declining');
  });
  it('is declining with no report in the current window of an old trend', () => {
    expect(velocityClass(m({ current: 0, previous: 3, peak: 6 }))).to.equal('declining');
  });
  it('uses the documented defaults', () => {
    expect(DEFAULT_VELOCITY_OPTIONS).to.include({ windowHours: 24, burstHours: 1, accelGrowth: 1.5, peakShare: 0.8 });
  });
});

// Rule 4: the precedence a reader checks against the served numbers (docs/ARCHITECTURE.md).
describe('velocity rule 4 precedence and its clauses', () => {
  const decide = (over: Partial<VelocityMetrics>) => velocityDecision(m(over));

  it('calls a burst inside the first hour a brand-new story: emerging whatever its count', () => {
    expect(decide({ age_hours: 0.99, current: 40, previous: 0, peak: 40 })).to.deep.equal({
      velocity: 'emerging',
      rule: 'new_burst',
    });
    expect(decide({ age_hours: 0, current: 1, previous: 0, peak: 1 }).rule).to.equal('new_burst');
  });
  it('is no burst at exactly one hour: the same reports are accelerating', () => {
    expect(decide({ age_hours: 1, current: 40, previous: 0, peak: 40 })).to.deep.equal({
      velocity: 'accelerating',
      rule: 'fast_growth',
    });
  });
  it('is never emerging when the current window is below the previous one, however young', () => {
    // The demo's "emerging with current 1, previous 5".
    expect(decide({ age_hours: 30, current: 1, previous: 5, peak: 5 })).to.deep.equal({
      velocity: 'declining',
      rule: 'below_peak',
    });
    expect(decide({ age_hours: 0.5, current: 1, previous: 2, peak: 2 }).velocity).to.equal('declining');
  });
  it('is young (emerging) with current equal to previous, and not with one report less', () => {
    expect(decide({ age_hours: 30, current: 3, previous: 3, peak: 4 })).to.deep.equal({
      velocity: 'emerging',
      rule: 'young',
    });
    expect(decide({ age_hours: 30, current: 2, previous: 3, peak: 4 }).velocity).to.equal('declining');
  });
  it('is peak, not declining, when falling but still at 0.8 of its peak', () => {
    expect(decide({ age_hours: 30, current: 8, previous: 10, peak: 10 })).to.deep.equal({
      velocity: 'peak',
      rule: 'near_peak',
    });
  });
  it('is never declining while growing: current 4, previous 3, peak 10 is regrowing (accelerating)', () => {
    expect(decide({ current: 4, previous: 3, peak: 10 })).to.deep.equal({
      velocity: 'accelerating',
      rule: 'regrowing',
    });
  });
  it('calls one late report on a story past its emerging age no growth (late_report: declining)', () => {
    // A real demo's first page under rule 3: Giveme5W1H events weeks old with one late report
    // ("Nigerian prince", 4 articles; a 2-article "Mirror USS Callister"), accelerating at current 1, previous 0.
    expect(decide({ age_hours: 600, current: 1, previous: 0, peak: 3 })).to.deep.equal({
      velocity: 'declining',
      rule: 'late_report',
    });
    expect(decide({ age_hours: 600, current: 2, previous: 1, peak: 4 }).rule).to.equal('late_report');
    // The same report on a story under its emerging age is young; at its peak it is peak.
    expect(decide({ age_hours: 30, current: 1, previous: 0, peak: 3 }).rule).to.equal('young');
    expect(decide({ age_hours: 600, current: 1, previous: 0, peak: 1 }).rule).to.equal('near_peak');
  });
  it('calls a few reports on a story weeks old after a quiet window no growth (late_report, rule 5)', () => {
    // A real demo under rule 4: "Costa Rica plane crash" (15 articles, 908 h old) served accelerating
    // by fast_growth at current 4, previous 0.
    expect(decide({ age_hours: 908, current: 4, previous: 0, peak: 11 })).to.deep.equal({
      velocity: 'declining',
      rule: 'late_report',
    });
    // A return at 0.8 of its peak is a story as big as it was: accelerating.
    expect(decide({ age_hours: 908, current: 9, previous: 0, peak: 11 }).rule).to.equal('fast_growth');
    // A story that did not go quiet and grows fast is accelerating, however old.
    expect(decide({ age_hours: 908, current: 4, previous: 1, peak: 11 }).rule).to.equal('fast_growth');
    // Under its emerging age a first window after none is young, not late.
    expect(decide({ age_hours: 40, current: 4, previous: 0, peak: 11 }).rule).to.equal('young');
  });
  it('is never emerging for a story days old with hundreds of reports that gains again', () => {
    // "Neil Young to Launch Pono Music Player Through Kickstarter" as a real make demo served it:
    // 249 articles over two days, rejoined across runs, its third burst larger than its second.
    expect(decide({ age_hours: 52.12, current: 90, previous: 65, peak: 151 })).to.deep.equal({
      velocity: 'accelerating',
      rule: 'regrowing',
    });
    // The same numbers a day younger: still no new story (the young clause wants under 5 reports).
    expect(decide({ age_hours: 30, current: 90, previous: 65, peak: 151 }).velocity).to.equal('accelerating');
  });
  it('is declining when steady under 0.8 of its peak (current = previous)', () => {
    expect(decide({ current: 2, previous: 2, peak: 3 })).to.deep.equal({ velocity: 'declining', rule: 'below_peak' });
  });
  it('never contradicts its numbers: falling is never emerging or accelerating, growing never declining', () => {
    for (let current = 0; current <= 12; current++) {
      for (let previous = 0; previous <= 12; previous++) {
        for (const age_hours of [0, 0.5, 1, 24, 47.99, 48, 200]) {
          for (const peak of [Math.max(current, previous), 12]) {
            const { velocity } = decide({ current, previous, peak, age_hours });
            const at = JSON.stringify({ current, previous, peak, age_hours });
            if (current < previous) expect(['peak', 'declining'], at).to.include(velocity);
            // ... short of late reports: a return after an empty window past the emerging age under 0.8 of the peak.
            const returned = previous === 0 && age_hours >= 48 && current < 0.8 * peak;
            if (current > previous && current >= 3 && !returned) expect(velocity, at).to.not.equal('declining');
            if (velocity === 'accelerating') expect(current, at).to.be.at.least(3);
            // Emerging is a new story: in its first hour, or young with fewer than 5 reports.
            if (velocity === 'emerging') expect(age_hours < 1 || (age_hours < 48 && current < 5), at).to.equal(true);
          }
        }
      }
    }
  });
  it('stores its version, clause and thresholds with the metrics', () => {
    const decided = decidedVelocity(m({ age_hours: 30, current: 2, previous: 1, peak: 2 }));
    expect(decided.velocity).to.equal('emerging');
    expect(decided.metrics).to.deep.include({ rule_version: VELOCITY_RULE_VERSION, rule: 'young' });
    expect(decided.metrics.thresholds).to.deep.equal({
      burst_hours: 1,
      emerging_max_age_hours: 48,
      emerging_max_reports: 5,
      accelerating_min_growth: 1.5,
      accelerating_min_reports: 3,
      peak_share: 0.8,
    });
  });
});

describe('velocity history', () => {
  it('gives at each instant the same metrics as velocityMetrics', () => {
    let seed = 7;
    const rand = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const times = Array.from({ length: 300 }, () => NOW - Math.floor(rand() * 200) * H - Math.floor(rand() * H)).sort(
      (a, b) => a - b,
    );
    const instants = Array.from({ length: 60 }, (_, i) => NOW - 200 * H + i * 4 * H);
    const history = velocityHistory(times, times[0]!, instants);
    instants.forEach((t, i) => expect(history[i], `instant ${i}`).to.deep.equal(velocityMetrics(times, times[0]!, t)));
  });
});

describe('which untouched trends a detection run rewrites (needsVelocityRefresh)', () => {
  const iso = (hoursBeforeNow: number): string => new Date(NOW - hoursBeforeNow * H).toISOString();
  const now = new Date(NOW);
  const current = { rule_version: VELOCITY_RULE_VERSION };

  it('rewrites a trend with a report within the last 2W, up to exactly 2W', () => {
    expect(needsVelocityRefresh({ last_seen: iso(47.99), updated_at: iso(0.1), velocity_metrics: current }, now)).to.be
      .true;
  });
  it('rewrites once more a trend that settled after its last write, then never again', () => {
    // Last written 10 minutes before it settled: its stored previous window still held a report.
    expect(needsVelocityRefresh({ last_seen: iso(49), updated_at: iso(1.17), velocity_metrics: current }, now)).to.be
      .true;
    expect(needsVelocityRefresh({ last_seen: iso(49), updated_at: iso(1), velocity_metrics: current }, now)).to.be
      .false;
    expect(needsVelocityRefresh({ last_seen: iso(49), updated_at: iso(0.5), velocity_metrics: current }, now)).to.be
      .false;
  });
  it('rewrites once a settled trend decided by an older rule, or without a write time', () => {
    expect(needsVelocityRefresh({ last_seen: iso(100), updated_at: iso(10) }, now)).to.be.true;
    expect(needsVelocityRefresh({ last_seen: iso(100), velocity_metrics: current }, now)).to.be.true;
    expect(needsVelocityRefresh({ last_seen: iso(100), updated_at: iso(10), velocity_metrics: current }, now)).to.be
      .false;
  });
});
