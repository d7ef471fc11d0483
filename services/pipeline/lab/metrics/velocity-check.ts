import { VELOCITY_RULE_VERSION, type TrendDetailResponse } from '@trendscope/core';

type Served = Pick<TrendDetailResponse, 'id' | 'topic' | 'velocity' | 'velocity_metrics'>;

/**
 * What a careful reader would object to in a served trend's velocity, from the answer alone
 * (written apart from detect/velocity.ts, as an agent would check it): the class must be the one
 * the served rule gives for the served numbers and thresholds, a falling trend (current below
 * previous) is never emerging or accelerating, a growing one never declining (short of late reports), one past the
 * emerging age and past the burst never emerging (a story days old is no new one), growth is
 * (current + 1) / (previous + 1) and the peak window holds at least the current one.
 */
export function velocityContradictions(t: Served): string[] {
  const m = t.velocity_metrics;
  const out: string[] = [];
  const say = (what: string): void => {
    out.push(`${t.id} "${t.topic}": ${t.velocity} ${JSON.stringify(m)}: ${what}`);
  };
  if (m.current < m.previous && (t.velocity === 'emerging' || t.velocity === 'accelerating')) {
    say('falling but emerging or accelerating');
  }
  // Growing: above the previous window with the reports accelerating asks for (rule 4; rule 3 and
  // before called any current above previous growing). One late report on an old story is no growth,
  // nor a few reports under the peak share after an empty previous window past the emerging age (rule 5).
  const returned =
    m.rule_version >= 5 &&
    m.previous === 0 &&
    m.age_hours >= m.thresholds.emerging_max_age_hours &&
    m.current < m.thresholds.peak_share * m.peak;
  const growing =
    m.current > m.previous && !returned && (m.rule_version < 4 || m.current >= m.thresholds.accelerating_min_reports);
  if (growing && t.velocity === 'declining') say('growing but declining');
  if (m.rule_version >= 4 && t.velocity === 'accelerating' && m.current < m.thresholds.accelerating_min_reports) {
    say('accelerating on fewer reports than accelerating_min_reports');
  }
  if (Math.abs(m.growth - (m.current + 1) / (m.previous + 1)) > 0.001) say('growth is not (current+1)/(previous+1)');
  if (m.peak < m.current) say('peak below current');
  if (m.rule_version < VELOCITY_RULE_VERSION) {
    say(`decided by rule ${m.rule_version}, not the current rule`);
    return out;
  }
  const th = m.thresholds;
  if (t.velocity === 'emerging' && m.age_hours >= th.emerging_max_age_hours) {
    say('past the emerging age but emerging');
  }
  const growth = (m.current + 1) / (m.previous + 1);
  const notFalling = m.current >= m.previous;
  const expected: [string, string] =
    m.age_hours < th.burst_hours && notFalling
      ? ['new_burst', 'emerging']
      : m.age_hours < th.emerging_max_age_hours && m.current < th.emerging_max_reports && notFalling
        ? ['young', 'emerging']
        : m.current > m.previous &&
            m.current < th.peak_share * m.peak &&
            (m.current < th.accelerating_min_reports || returned)
          ? ['late_report', 'declining']
          : growth >= th.accelerating_min_growth && m.current >= th.accelerating_min_reports
            ? ['fast_growth', 'accelerating']
            : m.current >= th.peak_share * m.peak
              ? ['near_peak', 'peak']
              : m.current > m.previous
                ? ['regrowing', 'accelerating']
                : ['below_peak', 'declining'];
  if (m.rule !== expected[0] || t.velocity !== expected[1]) say(`the served rule gives ${expected.join(' -> ')}`);
  return out;
}
