import { expect } from 'chai';
import {
  DEFAULT_VELOCITY_OPTIONS,
  independentReportTimes,
  velocityClass,
  velocityHistory,
  velocityMetrics,
} from '@trendscope/pipeline/detect/velocity';
import type { VelocityMetrics } from '@trendscope/core';

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
  it('is not accelerating just under growth 1.5', () => {
    expect(velocityClass(m({ current: 5, previous: 4, peak: 10 }))).to.equal('declining');
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
    expect(DEFAULT_VELOCITY_OPTIONS).to.include({ windowHours: 24, accelGrowth: 1.5, peakShare: 0.8 });
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
