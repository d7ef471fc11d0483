import { expect } from 'chai';
import { isClosed, meanGap, requiredSharedTerms, requiredSimilarity } from '@trendscope/pipeline/detect/cadence';
import { clusterArticles, DEFAULT_CLUSTER_OPTIONS, type DetectArticle } from '@trendscope/pipeline/detect/cluster';
import { articleVector, dot } from '@trendscope/pipeline/detect/term-vector';

const S = 1000;
const H = 3_600_000;
const D = 24 * H;
// 09:00:07 UTC: a time of day, so the burst discount applies.
const T0 = Date.parse('2026-11-20T09:00:07Z');
const NOW = new Date(T0 + 100 * D);
const idf = (): number => 3;
const O = DEFAULT_CLUSTER_OPTIONS;

function trend(count: number, spanMs: number): { article_count: number; first_seen: number; last_seen: number } {
  return { article_count: count, first_seen: T0, last_seen: T0 + spanMs };
}

function art(id: string, at: number, title: string): DetectArticle {
  return { id, title, text: '', time: at, entities: [] };
}

describe('trend cadence rules', () => {
  it('has no mean gap for one article or for articles all at one instant', () => {
    expect(meanGap(trend(1, 0))).to.equal(null);
    expect(meanGap(trend(4, 0))).to.equal(null);
    expect(meanGap(trend(3, 20 * S))).to.equal(10 * S);
  });

  it('closes a trend of reports seconds apart after 1000 mean gaps, and not before', () => {
    const t = trend(3, 20 * S); // mean gap 10 s: open for 10,000 s after its last report
    expect(isClosed(t, t.last_seen + 9_000 * S, O)).to.equal(false);
    expect(isClosed(t, t.last_seen + 11_000 * S, O)).to.equal(true);
  });

  it('keeps a trend open at least minOpenHours however dense its reports', () => {
    const t = trend(50, 49 * S); // mean gap 1 s
    expect(isClosed(t, t.last_seen + 0.4 * H, O)).to.equal(false);
    expect(isClosed(t, t.last_seen + 0.6 * H, O)).to.equal(true);
  });

  it('keeps a trend reported days apart, a single report and a same-instant pair open for the whole window', () => {
    for (const t of [trend(3, 4 * D), trend(1, 0), trend(2, 0)]) {
      expect(isClosed(t, t.last_seen + 59 * D, O), JSON.stringify(t)).to.equal(false);
      expect(isClosed(t, t.last_seen + 61 * D, O), JSON.stringify(t)).to.equal(true);
    }
  });

  it('requires less similarity right after the last report, rising to the threshold within 20 minutes', () => {
    const t = trend(2, 5 * S);
    const at = (gap: number): number => requiredSimilarity(t, t.last_seen + gap, O);
    expect(at(0)).to.be.closeTo(O.threshold - O.burstDiscount, 1e-9);
    expect(at(5 * S))
      .to.be.above(at(0))
      .and.below(at(60 * S));
    expect(at(60 * S)).to.be.below(O.threshold);
    expect(at(5 * 60 * S)).to.be.below(O.threshold);
    expect(at(20 * 60 * S)).to.equal(O.threshold);
    expect(at(30 * D)).to.equal(O.threshold);
  });

  it('measures the gap of an article dated before the last report by its distance to it', () => {
    const t = trend(3, 20 * S);
    expect(requiredSimilarity(t, t.last_seen - 2 * H, O)).to.equal(O.threshold);
    expect(requiredSimilarity(t, t.last_seen - S, O)).to.equal(requiredSimilarity(t, t.last_seen + S, O));
  });

  it('gives no discount when either time is a bare date (midnight UTC)', () => {
    const midnight = Date.parse('2026-11-20T00:00:00Z');
    const t = { article_count: 1, first_seen: midnight, last_seen: midnight };
    expect(requiredSimilarity(t, midnight, O)).to.equal(O.threshold);
    expect(requiredSimilarity(trend(1, 0), midnight + D, O)).to.equal(O.threshold);
  });
});

const first = 'SpaceX launches Falcon Heavy rocket from Florida';

describe('shared terms a late article needs', () => {
  it('asks one shared term up to lateJoinMinutes after the last report and lateJoinTerms after that', () => {
    const t = trend(2, 5 * S);
    expect(requiredSharedTerms(t, t.last_seen + O.lateJoinMinutes * 60 * S, O)).to.equal(1);
    expect(requiredSharedTerms(t, t.last_seen + O.lateJoinMinutes * 60 * S + S, O)).to.equal(O.lateJoinTerms);
    expect(requiredSharedTerms(t, t.last_seen - 2 * H, O)).to.equal(O.lateJoinTerms);
    expect(requiredSharedTerms(t, t.last_seen + 2 * H, { ...O, lateJoinTerms: 0 })).to.equal(1);
  });

  it('keeps a headline sharing one word with a day-old trend out of it, and lets a fuller match in', () => {
    const vape = art('v', T0, 'Let my people vape');
    const oneWord = clusterArticles([vape, art('s', T0 + D, 'Let symptoms not age influence treatment')], [], {
      now: NOW,
      idf,
    });
    expect(oneWord.created).to.have.length(2);
    expect(
      clusterArticles([vape, art('s', T0 + D, 'Let symptoms influence treatment')], [], {
        now: NOW,
        idf,
        lateJoinTerms: 0,
      }).created,
    ).to.have.length(1);
    const story = art('f1', T0, first);
    const followUp = art('f2', T0 + D, 'SpaceX Falcon Heavy rocket launch from Florida delayed');
    expect(clusterArticles([story, followUp], [], { now: NOW, idf }).created).to.have.length(1);
  });
});

describe('clusterArticles with cadence', () => {
  const related = 'Falcon Heavy test flight carries a car toward Mars orbit';
  // Similarity of the related headline to a trend holding only the first one (no entities).
  const sim = dot(articleVector(first, '', idf), articleVector(related, '', idf));

  it('lets a report seconds after the last one join with less similarity than an hour later', () => {
    expect(sim).to.be.above(0.05).and.below(0.9);
    const threshold = sim + O.burstDiscount / 2;
    const soon = clusterArticles([art('a', T0, first), art('b', T0 + 2 * S, related)], [], {
      now: NOW,
      idf,
      threshold,
    });
    expect(soon.created).to.have.length(1);
    const later = clusterArticles([art('a', T0, first), art('b', T0 + H, related)], [], { now: NOW, idf, threshold });
    expect(later.created).to.have.length(2);
  });

  it('starts a new trend when a burst of reports is followed by the same headline hours later', () => {
    const burst = [art('a1', T0, first), art('a2', T0 + 5 * S, first), art('a3', T0 + 3 * H, first)];
    expect(clusterArticles(burst, [], { now: NOW, idf }).created).to.have.length(2);
    const daily = [art('b1', T0, first), art('b2', T0 + D, first), art('b3', T0 + 4 * D, first)];
    expect(clusterArticles(daily, [], { now: NOW, idf }).created).to.have.length(1);
  });

  it('closes a burst passed in from an earlier run the same way', () => {
    const run1 = clusterArticles([art('a1', T0, first), art('a2', T0 + 5 * S, first)], [], { now: NOW, idf });
    const run2 = clusterArticles([art('a3', T0 + 3 * H, first)], run1.touched, { now: NOW, idf });
    expect(run2.created).to.have.length(1);
  });
});
