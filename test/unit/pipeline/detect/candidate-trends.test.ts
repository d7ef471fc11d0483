import { expect } from 'chai';
import {
  candidateTrends,
  mayTakePart,
  postingHeads,
  queryTerms,
  reachOf,
} from '@trendscope/pipeline/detect/candidate-trends';
import { clusterArticles, type ActiveTrend, type DetectArticle } from '@trendscope/pipeline/detect/cluster';
import { backgroundIdf } from '@trendscope/pipeline/detect/idf';
import { detectState, storedState } from '@trendscope/pipeline/detect/trend-state';
import { toDetectArticle } from '@trendscope/pipeline/detect/active-trend';
import { loadUci, UCI_FILES } from '@trendscope/pipeline/lab/corpus/uci.corpus';
import { reportsOf } from '../../../bench/soak-reports';

const H = 3_600_000;
const MERGE_WINDOW_MS = 60_000;

describe('candidateTrends', function () {
  this.timeout(180_000);
  const idf = backgroundIdf();
  // The first two days of the UCI month as the soak stores them (title, entities) and a run reads them.
  const day0 = Date.parse('2014-03-10T00:00:00Z');
  const articles: DetectArticle[] = loadUci([UCI_FILES[0]])
    .filter((r) => r.timestamp >= day0 && r.timestamp < day0 + 48 * H)
    .flatMap((r) => reportsOf(r))
    .map((r) => toDetectArticle({ ...r.doc, id: r.id }));
  /** The open trends before `until` as a run reads them back: the compact state written, with its indexed fields. */
  const storedBefore = (until: number) =>
    clusterArticles(
      articles.filter((a) => a.time < until),
      [],
      { now: new Date(until), idf },
    ).touched.map((t) => {
      const kept = detectState(t);
      const iso = (ms: number) => new Date(ms).toISOString();
      const state = storedState(
        {
          id: t.id,
          first_seen: iso(t.first_seen),
          last_seen: iso(t.last_seen),
          article_count: t.article_count,
          ...kept,
        },
        true,
      )!;
      return { ...kept, id: t.id, state };
    });
  const states = (list: readonly { state: ActiveTrend }[]) => list.map((t) => t.state);

  // Stored trends some report of the hours below joins (the full scan's assignments), all held.
  const joined: string[] = [];
  // Per hour: trends indexed under a queried term, and those at the head of its postings.
  const underTermCounts: [number, number][] = [];
  // Hours from the start of the month; 45.5 and 47.5 have reports joining stored trends and a merge.
  // With postings of 4 trends per term (32 in production) a queried term has more trends than its
  // postings keep within two days, so the selection of the postings' heads is tried too.
  for (const [hours, perTerm] of [
    [25.5, undefined],
    [35.5, undefined],
    [45.5, undefined],
    [47.5, undefined],
    [35.5, 4],
    [47.5, 4],
  ] as const) {
    it(`clusters the hour from ${hours} h over the candidates exactly as over every open trend (${perTerm ?? 32} per term)`, () => {
      const from = day0 + hours * H;
      const now = new Date(from + H);
      const stored = storedBefore(from);
      const fresh = articles.filter((a) => a.time >= from && a.time < now.getTime());
      expect(fresh.length).to.be.above(20);
      const opts = { now, idf, ...(perTerm ? { postingsPerTerm: perTerm } : {}) };
      const full = clusterArticles(fresh, states(stored), opts);
      const held = candidateTrends(
        stored,
        fresh,
        idf,
        MERGE_WINDOW_MS,
        (t) => Date.parse(t.detect_founded),
        (t) => t.state.last_seen,
        perTerm,
      );
      // Every trend indexed under a queried term, the heads of the postings or not (the former selection).
      const terms = new Set(queryTerms(fresh, idf));
      const underTerm = stored.filter((t) => t.detect_terms.some((term) => terms.has(term))).length;
      underTermCounts.push([underTerm, postingHeads(stored, terms, (t) => t.state.last_seen, perTerm).size]);
      const part = clusterArticles(fresh, states(held), opts);
      const heldIds = new Set(held.map((t) => t.id));
      const taken = [...new Set(full.assignments.values())].filter((id) => stored.some((t) => t.id === id));
      joined.push(...taken);
      for (const id of taken)
        expect(heldIds.has(id), `stored trend ${id} the full scan assigns to is held`).to.equal(true);
      expect([...part.assignments]).to.deep.equal([...full.assignments]);
      expect(part.created).to.deep.equal(full.created);
      expect([...part.merged]).to.deep.equal([...full.merged]);
      expect(part.touched).to.deep.equal(full.touched);
      // The comparison sees a miss: without one trend the full scan assigns to, the clustering differs.
      if (taken.length > 0) {
        const missing = clusterArticles(fresh, states(held.filter((t) => t.id !== taken[0])), opts);
        expect([...missing.assignments]).to.not.deep.equal([...full.assignments]);
      }
    });
  }

  it('was tried on hours whose reports join stored trends', () => {
    expect(joined.length).to.be.at.least(2);
  });

  it('holds only the heads of the queried terms postings: fewer than every trend under a queried term', () => {
    expect(
      underTermCounts.some(([under, held]) => held < under),
      JSON.stringify(underTermCounts),
    ).to.equal(true);
  });

  it('takes per queried term the trends reported last, as many as a term postings keep', () => {
    const at = (ms: number) => new Date(ms).toISOString();
    const trends = Array.from({ length: 40 }, (_, i) => ({
      id: `t${String(i).padStart(2, '0')}`,
      detect_terms: i % 2 === 0 ? ['gox', 'bitcoin'] : ['gox'],
      detect_founded: at(0),
      last: i < 38 ? i * 1000 : 37_000,
    }));
    const heads = postingHeads(trends, new Set(['gox', 'zzz']), (t) => t.last);
    // 'gox': the 32 reported last, of t36, t37, t38 and t39 at one time the greater ids first.
    expect(heads.size).to.equal(32);
    expect(heads.has('t07')).to.equal(false);
    expect(heads.has('t08')).to.equal(true);
    expect(heads.has('t39')).to.equal(true);
    // 'bitcoin' is not queried: its postings add nothing.
    expect(postingHeads(trends, new Set(['bitcoin']), (t) => t.last).size).to.equal(20);
  });

  it('takes every trend indexed under a query term, founded within the merge window, or without indexed fields', () => {
    const terms = new Set(['rbi', 'rajan']);
    const reach = reachOf([1_000_000, 1_030_000, 5_000_000], 60_000);
    expect(reach).to.deep.equal([
      [940_000, 1_090_000],
      [4_940_000, 5_060_000],
    ]);
    const at = (ms: number) => new Date(ms).toISOString();
    expect(mayTakePart({ detect_terms: ['banks', 'rajan'], detect_founded: at(0) }, terms, reach)).to.equal(true);
    expect(mayTakePart({ detect_terms: ['banks'], detect_founded: at(1_080_000) }, terms, reach)).to.equal(true);
    expect(mayTakePart({ detect_terms: ['banks'], detect_founded: at(2_000_000) }, terms, reach)).to.equal(false);
    expect(mayTakePart({}, terms, reach)).to.equal(true);
  });

  it('queries with the heaviest terms of each report', () => {
    const terms = queryTerms([{ title: 'RBI governor Rajan keeps rates unchanged', text: '' }], idf);
    expect(terms).to.include.members(['rajan', 'rbi']);
  });
});
