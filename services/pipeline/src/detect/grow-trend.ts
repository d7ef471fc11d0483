import {
  VELOCITY_RULE_VERSION,
  type TimelineBucket,
  type TrendClock,
  type TrendDetectState,
  type TrendDoc,
  type TrendGrowth,
} from '@trendscope/core';
import { servedTimeOf, toActiveTrend, toTrendMembers, type StoredArticle } from './active-trend';
import {
  buildTrend,
  iso,
  MAX_TIMELINE_BUCKETS,
  type BuildTrendOptions,
  type TrendAggregates,
  type TrendMember,
} from './build-trend';
import { trendClock } from './trend-clock';
import { combinedState, detectState, storedState, type KeptState } from './trend-state';
import {
  decidedVelocity,
  DEFAULT_VELOCITY_OPTIONS,
  independentReports,
  velocityClass,
  velocityHistory,
  velocityMetrics,
  type ReportItem,
  type VelocityOptions,
} from './velocity';

/*
 * A trend with more members than a run reads (PIPELINE_DETECT_MAX_MEMBERS_READ) is not rebuilt
 * from all of them when new reports join it: its counts (articles, domains, publishers, languages,
 * independent reports, timeline, velocity) are its stored ones plus the new members', its
 * clustering state is the stored sums plus theirs, and only what is read from texts (topic,
 * summary, keywords, category, impact, citations, story view) comes from a bounded sample of its
 * members (bounded-members.ts: its cited ones and a seeded random sample) with the new ones.
 * Below the bound a trend is rebuilt from all its members as before, so its documents stay byte
 * for byte what they were.
 *
 * Exact for new members reported after the trend's last report (a live stream); a late report
 * dated before it, or a copy of an independent report older than the clock's two windows, is
 * counted as a full rebuild would count it only approximately (the timeline bucket and the copy
 * check reach back as far as the clock keeps).
 */

/** A stored trend a run can grow: its document with a clock and a growth state of this velocity rule. */
export type GrowSource = TrendDoc & {
  detect_state: TrendDetectState & { clock: TrendClock; growth: TrendGrowth };
};

/** Whether a stored trend can be grown without its members (else it is read whole, once). */
export function growable(doc: TrendDoc, withMeaning: boolean): doc is GrowSource {
  const s = doc.detect_state;
  return (
    s?.clock !== undefined &&
    s.growth !== undefined &&
    s.growth.report_keys.length === s.clock.reports.length &&
    doc.velocity_metrics?.rule_version === VELOCITY_RULE_VERSION &&
    typeof doc.score_breakdown?.independent_reports === 'number' &&
    storedState(doc, withMeaning) !== null
  );
}

/**
 * The growth state of a trend built from all its members (in id order, as its clock was built):
 * its publishers and languages, and the keys of its clock's reports (the last of its independent ones).
 */
export function trendGrowth(members: readonly StoredArticle[], clock: Pick<TrendClock, 'reports'>): TrendGrowth {
  const timeOf = servedTimeOf(members);
  const reports = independentReports(members.map((m) => ({ time: timeOf(m), simhash: m.simhash })));
  const languages: Record<string, number> = {};
  for (const m of members) if (m.language !== null) languages[m.language] = (languages[m.language] ?? 0) + 1;
  return {
    publishers: [...new Set(members.map((m) => m.publisher || m.domain))].sort(),
    languages,
    report_keys: reports.slice(reports.length - clock.reports.length).map((r) => r.simhash),
  };
}

/**
 * A stored trend's aggregates after `fresh` joined it, from its document and growth state (no
 * other member read), and the independent reports its clock keeps (no earlier than 2W before the last).
 */
export function grownAggregates(
  stored: GrowSource,
  fresh: readonly TrendMember[],
  now: number,
  vopts: VelocityOptions = DEFAULT_VELOCITY_OPTIONS,
): { counts: TrendAggregates; kept: ReportItem[]; growth: TrendGrowth } {
  const { clock, growth } = stored.detect_state;
  const sorted = [...fresh].sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : 1));
  const added = independentReports(
    sorted.map((m) => ({ time: m.time, simhash: m.simhash })),
    growth.report_keys,
  );
  const reports = [...clock.reports.map((time, i) => ({ time, simhash: growth.report_keys[i] ?? null })), ...added];
  reports.sort((a, b) => a.time - b.time);
  const times = reports.map((r) => r.time);
  const storedFirst = Date.parse(stored.first_seen);
  const earliest = sorted[0];
  const firstSeen = earliest && earliest.time < storedFirst ? earliest.time : storedFirst;
  const lastSeen = Math.max(Date.parse(stored.last_seen), ...sorted.map((m) => m.time));
  const domainArticles = { ...stored.domain_articles };
  for (const m of sorted) domainArticles[m.domain] = (domainArticles[m.domain] ?? 0) + 1;
  const publishers = [...new Set([...growth.publishers, ...sorted.map((m) => m.publisher || m.domain)])].sort();
  const languages = { ...growth.languages };
  for (const m of sorted) if (m.language !== null) languages[m.language] = (languages[m.language] ?? 0) + 1;
  // Every stored report came before the last write: the stored peak is the all-time one.
  const peak = stored.velocity_metrics.peak;
  const metrics = velocityMetrics(times, firstSeen, now, vopts);
  const from = times[times.length - 1]! - 2 * vopts.windowHours * 3_600_000;
  const kept = reports.filter((r) => r.time >= from);
  return {
    counts: {
      article_count: stored.article_count + sorted.length,
      first_seen: firstSeen,
      last_seen: lastSeen,
      origin_domain: earliest && earliest.time < storedFirst ? earliest.domain : stored.origin_domain,
      domain_articles: domainArticles,
      publishers: publishers.length,
      independent_reports: (stored.score_breakdown.independent_reports as number) + added.length,
      velocity: decidedVelocity({ ...metrics, peak: Math.max(metrics.peak, peak) }, vopts),
      timeline: grownTimeline(stored.timeline, sorted, times, { firstSeen, peak, now }, vopts),
      language: mostCommonCount(languages),
      retained_count: stored.retained_count + sorted.filter((m) => m.content_retained).length,
    },
    kept,
    growth: { publishers, languages, report_keys: kept.map((r) => r.simhash) },
  };
}

/**
 * The stored timeline with the new members counted in their hours; the buckets from the earliest
 * new member's (or the stored last one, whose class was taken before its hour ended) are classed
 * again from the kept reports, the others keep their stored class.
 */
function grownTimeline(
  stored: readonly TimelineBucket[],
  fresh: readonly TrendMember[],
  reports: readonly number[],
  at: { firstSeen: number; peak: number; now: number },
  vopts: VelocityOptions,
): TimelineBucket[] {
  const hourOf = (t: number): number => Math.floor(t / 3_600_000) * 3_600_000;
  const counts = new Map(stored.map((b) => [Date.parse(b.bucket), b.articles]));
  const classes = new Map(stored.map((b) => [Date.parse(b.bucket), b.velocity]));
  for (const m of fresh) counts.set(hourOf(m.time), (counts.get(hourOf(m.time)) ?? 0) + 1);
  const last = stored[stored.length - 1];
  const from = Math.min(...fresh.map((m) => hourOf(m.time)), last ? Date.parse(last.bucket) : Number.POSITIVE_INFINITY);
  const buckets = [...counts.entries()].sort((a, b) => a[0] - b[0]).slice(-MAX_TIMELINE_BUCKETS);
  const redo = buckets.filter(([hour]) => hour >= from).map(([hour]) => hour);
  const history = velocityHistory(
    reports,
    at.firstSeen,
    redo.map((hour) => Math.min(at.now, hour + 3_600_000 - 1)),
    vopts,
  );
  for (const [i, hour] of redo.entries()) {
    classes.set(hour, velocityClass({ ...history[i]!, peak: Math.max(history[i]!.peak, at.peak) }, vopts));
  }
  return buckets.map(([hour, articles]) => ({ bucket: iso(hour), articles, velocity: classes.get(hour)! }));
}

/** The value counted most (ties by name), as build-trend's mostCommon picks it. */
function mostCommonCount(counts: Readonly<Record<string, number>>): string | null {
  return Object.entries(counts).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? null;
}

/**
 * The clustering state after `fresh` (in id order) joined a stored trend: its stored sums plus
 * theirs (a rejoined trend's part grows with them; the entities it is found by once closed stay
 * those of all its members, as stored).
 */
export function grownState(
  stored: GrowSource,
  fresh: readonly StoredArticle[],
  idf: (term: string) => number,
  withMeaning: boolean,
): KeptState {
  const before = storedState(stored, withMeaning)!;
  const state = fresh.length > 0 ? combinedState(before, toActiveTrend(stored.id, fresh, idf, withMeaning)) : before;
  if (!state.part) return detectState(state);
  const kept = detectState({ ...state, first_seen: state.part.first_seen });
  return {
    ...kept,
    entities: stored.entities ?? kept.entities,
    detect_state: { ...kept.detect_state!, part: state.part },
  };
}

/**
 * The document of a stored trend grown by `fresh`: counts and state from its stored document
 * (grownAggregates, grownState), what is read from texts from `sample` (some of its stored
 * members, bounded-members.ts) and `fresh`, its clock's story view from them too.
 */
export function grownTrend(
  stored: GrowSource,
  sample: readonly StoredArticle[],
  fresh: readonly StoredArticle[],
  opts: BuildTrendOptions & { withMeaning: boolean },
): TrendDoc {
  const vopts = opts.velocity ?? DEFAULT_VELOCITY_OPTIONS;
  // A fresh undated page counts no later than the stored trend's last report (servedTimeOf).
  const lastSeen = Date.parse(stored.last_seen);
  const { counts, kept, growth } = grownAggregates(stored, toTrendMembers(fresh, lastSeen), opts.now.getTime(), vopts);
  const read = [...sample, ...fresh].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const doc = buildTrend(stored.id, toTrendMembers(read, lastSeen), opts, counts);
  const byId = [...fresh].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const state = grownState(stored, byId, opts.idf, opts.withMeaning);
  const clock = trendClock(stored.id, read, doc.topic, opts.idf, vopts);
  return {
    ...doc,
    ...state,
    detect_state: { ...state.detect_state!, clock: { ...clock, reports: kept.map((r) => r.time) }, growth },
  };
}
