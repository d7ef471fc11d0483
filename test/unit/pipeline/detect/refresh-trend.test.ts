import { createHash } from 'node:crypto';
import { expect } from 'chai';
import type { TrendDoc } from '@trendscope/core';
import { toTrendMembers, type StoredArticle } from '@trendscope/pipeline/detect/active-trend';
import { loadClassifier } from '@trendscope/pipeline/classify/classifier';
import { buildTrend } from '@trendscope/pipeline/detect/build-trend';
import { backgroundIdf } from '@trendscope/pipeline/detect/idf';
import { refreshable, refreshTrend } from '@trendscope/pipeline/detect/refresh-trend';
import { storedStoryView, trendClock } from '@trendscope/pipeline/detect/trend-clock';
import { storyViews } from '@trendscope/pipeline/detect/rejoin-stories';
import { toDetectArticle } from '@trendscope/pipeline/detect/active-trend';
import { buildArticle } from '../../../support/factories';

const H = 3_600_000;
const T0 = Date.parse('2026-11-20T06:00:00Z');
const idf = backgroundIdf();
const classifier = loadClassifier();

/**
 * Minutes after T0: a burst (the all-time peak, older than 2W before the last report), then a
 * report every few hours, two of them syndicated copies (one SimHash); the report at 2575 leaves
 * the current window 15 minutes after the last, inside the last timeline bucket.
 */
const OFFSETS_MIN = [0, 5, 10, 15, 20, 25, 30, 40, 1000, 1800, 2000, 2200, 2575, 3000, 3600, 3601, 3900, 4000];
const members: StoredArticle[] = OFFSETS_MIN.map((m, i) => ({
  ...buildArticle({
    url: `https://site${i % 5}.example/story-${i}`,
    domain: `site${i % 5}.example`,
    publisher: `Site ${i % 5}`,
    title: `Chipmaker merger approved by European regulators ${['today', 'in Brussels', 'after review'][i % 3]}`,
    description: 'European regulators approved the merger of the two chipmakers on conditions.',
    published_date: new Date(T0 + m * 60_000 + i * 1_001).toISOString(),
    fetched_at: new Date(T0 + m * 60_000 + 5_000).toISOString(),
    simhash:
      i === 14 || i === 15 ? 'ffff0000ffff0000' : createHash('md5').update(`report ${i}`).digest('hex').slice(0, 16),
    entities: ['European Commission'],
  }),
  id: `art-${String(i).padStart(2, '0')}`,
}));
const lastTime = Math.max(...members.map((m) => Date.parse(m.published_date!)));
const quality = (q: number) => ({
  domainQuality: new Map([
    ['site0.example', q],
    ['site3.example', 7.2],
  ]),
  ratedDomains: new Set(['site0.example']),
});

/** The trend as a run writes it at `now`: built from its members, with its clock. */
function written(now: number): TrendDoc {
  const doc = buildTrend('trend-1', toTrendMembers(members), { now: new Date(now), classifier, idf, ...quality(8) });
  return {
    ...doc,
    detect_state: { terms: {}, entities: {}, clock: trendClock('trend-1', members, doc.topic, idf) },
  };
}

describe('refreshTrend', () => {
  // Written ten minutes after the last report (inside its timeline bucket), then refreshed later.
  const first = written(lastTime + 10 * 60_000);

  for (const hours of [0.5, 1, 7, 23.9, 24, 30, 47.5, 48.2, 60, 200]) {
    it(`writes what a rebuild from the articles writes, ${hours} h after the last report`, () => {
      const now = new Date(lastTime + hours * H);
      const refreshed = refreshTrend(first, { now, ...quality(6.5) });
      const rebuilt = buildTrend('trend-1', toTrendMembers(members), { now, classifier, idf, ...quality(6.5) });
      expect(refreshed).to.not.equal(null);
      const { detect_state: state, ...rest } = refreshed!;
      expect(rest).to.deep.equal(rebuilt);
      expect(state).to.deep.equal(first.detect_state);
    });
  }

  it('refreshes a refreshed document as it refreshes the first', () => {
    const now = new Date(lastTime + 40 * H);
    const twice = refreshTrend(refreshTrend(first, { now: new Date(lastTime + 20 * H), ...quality(5) })!, {
      now,
      ...quality(6),
    });
    expect(twice).to.deep.equal(refreshTrend(first, { now, ...quality(6) }));
  });

  it('keeps only the reports the velocity windows can still count (2W before the last one)', () => {
    const reports = first.detect_state!.clock!.reports;
    expect(Math.min(...reports)).to.be.at.least(lastTime - 48 * H);
    // From minute 1800 on, the syndicated copy counted once.
    expect(reports).to.have.length(8);
    expect(first.velocity_metrics.peak).to.equal(9);
  });

  it('declines a document it cannot refresh exactly', () => {
    const now = new Date(lastTime + 5 * H);
    const { clock: _, ...noClock } = first.detect_state!;
    expect(refreshable({ ...first, detect_state: noClock }, now)).to.equal(false);
    expect(refreshable({ ...first, updated_at: new Date(lastTime - 1000).toISOString() }, now)).to.equal(false);
    expect(refreshable(first, new Date(lastTime))).to.equal(false);
    expect(refreshable({ ...first, velocity_metrics: { ...first.velocity_metrics, rule_version: 1 } }, now)).to.equal(
      false,
    );
    expect(refreshTrend({ ...first, detect_state: noClock }, { now, ...quality(5) })).to.equal(null);
  });

  it('keeps the story view the rejoin compares, without the articles', () => {
    const view = storedStoryView({ ...first, article_count: members.length })!;
    const [fromArticles] = storyViews(new Map([['trend-1', members.map(toDetectArticle)]]), idf);
    expect(view.central).to.deep.equal(fromArticles!.central);
    expect([...view.entities]).to.deep.equal([...fromArticles!.entities].sort());
    expect(view.first_seen).to.equal(fromArticles!.first_seen);
    expect(view.last_seen).to.equal(fromArticles!.last_seen);
    for (const [term, w] of view.centroid) expect(w).to.be.closeTo(fromArticles!.centroid.get(term)!, 1e-12);
  });
});
