import { createHash } from 'node:crypto';
import { expect } from 'chai';
import type { TrendDoc } from '@trendscope/core';
import { loadClassifier } from '@trendscope/pipeline/classify/classifier';
import type { StoredArticle } from '@trendscope/pipeline/detect/active-trend';
import { growCandidates } from '@trendscope/pipeline/detect/bounded-members';
import type { ActiveTrend, ClusterResult } from '@trendscope/pipeline/detect/cluster';
import { rebuiltTrend } from '@trendscope/pipeline/detect/detect-build';
import { growable, grownTrend, type GrowSource } from '@trendscope/pipeline/detect/grow-trend';
import { backgroundIdf } from '@trendscope/pipeline/detect/idf';
import { buildArticle } from '../../../support/factories';

const H = 3_600_000;
const T0 = Date.parse('2026-11-20T06:00:00Z');
const idf = backgroundIdf();
const classifier = loadClassifier();
const options = (now: number, bound: number) => ({
  now: new Date(now),
  classifier,
  idf,
  domainQuality: new Map([['site0.example', 8]]),
  ratedDomains: new Set(['site0.example']),
  withMeaning: false,
  maxMembersRead: bound,
});

/** A member `hours` after T0: of one of six sites (or site `d`), some copies of another (one SimHash), two languages. */
function member(i: number, hours: number, copyOf?: number, d = i % 6): StoredArticle {
  return {
    ...buildArticle({
      url: `https://site${d}.example/story-${i}`,
      domain: `site${d}.example`,
      publisher: d === 5 ? '' : `Site ${d}`,
      title: `Chipmaker merger approved by European regulators ${['today', 'in Brussels', 'after review', 'on conditions'][i % 4]}`,
      description: `European regulators approved the merger of the two chipmakers, report ${i}.`,
      published_date: new Date(T0 + hours * H + i * 1_001).toISOString(),
      fetched_at: new Date(T0 + hours * H + 5_000).toISOString(),
      language: i % 7 === 0 ? 'de' : 'en',
      content_retained: i % 3 !== 0,
      simhash: createHash('md5')
        .update(`report ${copyOf ?? i}`)
        .digest('hex')
        .slice(0, 16),
      entities: ['European Commission'],
    }),
    id: `art-${String(i).padStart(3, '0')}`,
    trend_id: 'trend-1',
  };
}

// 80 members over five days (a burst on day one, older than the clock's two windows), some copies.
const stored: StoredArticle[] = Array.from({ length: 80 }, (_, i) =>
  member(i, i < 20 ? i * 0.2 : 24 + (i - 20) * 1.7, i % 9 === 4 && i > 20 ? i - 1 : undefined),
);
const lastStored = 24 + 59 * 1.7;
// New reports after the last: one a copy of a kept report, one from a new site, two in one hour.
const fresh: StoredArticle[] = [
  member(80, lastStored + 0.5),
  member(81, lastStored + 0.6, 78),
  member(82, lastStored + 1.2, undefined, 9),
  member(83, lastStored + 3),
];
const more: StoredArticle[] = [member(84, lastStored + 5), member(85, lastStored + 30, 83)];

/** The served counts of a trend: what grows from its state and must equal a rebuild's. */
function counts(t: TrendDoc) {
  return {
    article_count: t.article_count,
    source_count: t.source_count,
    source_domains: t.source_domains,
    domain_articles: t.domain_articles,
    domain_quality_score: t.domain_quality_score,
    first_seen: t.first_seen,
    last_seen: t.last_seen,
    origin_domain: t.origin_domain,
    timeline: t.timeline,
    velocity: t.velocity,
    velocity_metrics: t.velocity_metrics,
    independent_reports: t.score_breakdown.independent_reports,
    publishers: t.score_breakdown.publishers,
    language: t.language,
    retained_count: t.retained_count,
    citations: t.citations,
  };
}

/** Members a run may read of a grown trend: those its citations name, then others (here the most recent), `bound` in all. */
function sampleOf(t: TrendDoc, members: readonly StoredArticle[], bound: number): StoredArticle[] {
  const urls = new Set(t.citations.map((c) => c.url));
  const cited = members.filter((m) => urls.has(m.url)).slice(0, bound);
  const recent = [...members]
    .filter((m) => !urls.has(m.url))
    .sort((a, b) => Date.parse(b.published_date!) - Date.parse(a.published_date!))
    .slice(0, bound - cited.length);
  return [...cited, ...recent];
}

describe('grownTrend', () => {
  const bound = 60;
  const writtenAt = T0 + (lastStored + 0.1) * H;
  const first = rebuiltTrend('trend-1', stored, undefined, options(writtenAt, bound));

  it('keeps a growth state only on a trend above the bound', () => {
    expect(first.detect_state?.growth).to.not.equal(undefined);
    expect(growable(first, false)).to.equal(true);
    const below = rebuiltTrend('trend-1', stored, undefined, options(writtenAt, 100));
    expect(below.detect_state?.growth).to.equal(undefined);
    const { detect_state: a, ...rest } = first;
    const { detect_state: b, ...restBelow } = below;
    expect(rest).to.deep.equal(restBelow);
    expect({ ...a, growth: undefined }).to.deep.equal({ ...b, growth: undefined });
  });

  it('counts what a rebuild from all the members counts, from its state and a bounded sample', () => {
    const now = T0 + (lastStored + 3.5) * H;
    const sample = sampleOf(first, stored, bound);
    expect(sample.length).to.be.at.most(bound);
    const grown = grownTrend(first as GrowSource, sample, fresh, options(now, bound));
    const rebuilt = rebuiltTrend('trend-1', [...stored, ...fresh], undefined, options(now, bound));
    expect(counts(grown)).to.deep.equal(counts(rebuilt));
    expect(grown.detect_state!.clock!.reports).to.deep.equal(rebuilt.detect_state!.clock!.reports);
    expect(grown.detect_state!.growth).to.deep.equal(rebuilt.detect_state!.growth);
    // The copy of a kept report (61) is no independent report; the new site is counted.
    expect(grown.score_breakdown.independent_reports).to.equal(
      (first.score_breakdown.independent_reports as number) + 3,
    );
    expect(grown.source_count).to.equal(first.source_count + 1);
  });

  it('grows a grown trend as a rebuild from all the members would count it', () => {
    const at1 = T0 + (lastStored + 3.5) * H;
    const once = grownTrend(first as GrowSource, sampleOf(first, stored, bound), fresh, options(at1, bound));
    const now = T0 + (lastStored + 31) * H;
    const all = [...stored, ...fresh];
    const twice = grownTrend(once as GrowSource, sampleOf(once, all, bound), more, options(now, bound));
    const rebuilt = rebuiltTrend('trend-1', [...all, ...more], undefined, options(now, bound));
    expect(counts(twice)).to.deep.equal(counts(rebuilt));
    expect(twice.detect_state!.growth).to.deep.equal(rebuilt.detect_state!.growth);
  });

  it('is not grown without a growth state kept by its velocity rule', () => {
    const { growth: _, ...state } = first.detect_state!;
    expect(growable({ ...first, detect_state: state }, false)).to.equal(false);
    expect(growable({ ...first, velocity_metrics: { ...first.velocity_metrics, rule_version: 1 } }, false)).to.equal(
      false,
    );
  });
});

describe('growCandidates', () => {
  const trend = (id: string): ActiveTrend => ({
    id,
    terms: {},
    entities: {},
    article_count: 1,
    first_seen: 0,
    last_seen: 0,
  });
  const result: ClusterResult = {
    assignments: new Map(),
    touched: ['big', 'small', 'survivor', 'absorbed', 'unfinished'].map(trend),
    created: [],
    merged: new Map([['absorbed', 'survivor']]),
  };
  const sizes = new Map([
    ['big', 5000],
    ['small', 50],
    ['survivor', 5000],
    ['absorbed', 5000],
    ['unfinished', 5000],
    ['refreshing', 5000],
  ]);

  it('grows only the trends above the bound that took reports and nothing else', () => {
    const read = ['absorbed', 'big', 'refreshing', 'small', 'survivor', 'unfinished'];
    expect(growCandidates(result, new Set(['unfinished']), (id) => sizes.get(id), read, 2000)).to.deep.equal(['big']);
    expect(growCandidates(result, new Set(), (id) => sizes.get(id), read, 10_000)).to.deep.equal([]);
  });
});
