import { expect } from 'chai';
import { clusterArticles, type DetectArticle } from '@trendscope/pipeline/detect/cluster';
import { trendIdFor } from '@trendscope/pipeline/detect/trend-id';

const H = 3_600_000;
const T0 = Date.parse('2026-11-20T00:00:00Z');
const NOW = new Date(T0 + 100 * H);
const idf = (): number => 3;

function art(id: string, hours: number, title: string, entities: string[] = []): DetectArticle {
  return { id, title, text: '', time: T0 + hours * H, entities };
}

const ARTICLES = [
  art('a1', 0, 'SpaceX launches Falcon Heavy rocket from Florida', ['spacex', 'falcon heavy']),
  art('b1', 1, 'Central bank raises interest rates to curb inflation'),
  art('a2', 2, 'Falcon Heavy rocket launch: SpaceX lifts off in Florida', ['spacex', 'falcon heavy']),
  art('b2', 3, 'Inflation fight: central bank raises interest rates again'),
  art('a3', 4, 'SpaceX Falcon Heavy launch succeeds', ['spacex']),
];

describe('clusterArticles', () => {
  it('puts reports of one story together and different stories apart', () => {
    const r = clusterArticles(ARTICLES, [], { now: NOW, idf });
    const a = r.assignments;
    expect(a.get('a1')).to.equal(a.get('a2')).and.equal(a.get('a3'));
    expect(a.get('b1')).to.equal(a.get('b2'));
    expect(a.get('a1')).not.to.equal(a.get('b1'));
    expect(r.created).to.deep.equal([trendIdFor('a1'), trendIdFor('b1')]);
    expect(r.touched.find((t) => t.id === trendIdFor('a1'))!.article_count).to.equal(3);
  });

  it('leaves an item with nothing to compare (a title that is only a date, no text, no names) unassigned', () => {
    const r = clusterArticles([...ARTICLES, art('d1', 2.5, 'March 11, 2014, 2:02 am'), art('d2', 2.6, 'Tuesday')], [], {
      now: NOW,
      idf,
    });
    expect(r.assignments.has('d1')).to.be.false;
    expect(r.assignments.has('d2')).to.be.false;
    expect(r.assignments.size).to.equal(ARTICLES.length);
    expect(r.created).to.have.length(2);
  });

  it('founds no trend from items that share only page furniture in place of a headline', () => {
    const furniture = ['f1', 'f2', 'f3'].map((id, i) => art(id, 5 + i * 0.1, '(click the phrases to see a list)'));
    const r = clusterArticles([...ARTICLES, ...furniture], [], { now: NOW, idf });
    for (const f of furniture) expect(r.assignments.has(f.id), f.id).to.be.false;
    expect(r.created).to.have.length(2);
  });

  it('with storylessIdf, an article of only common words founds no trend but joins one it shares words with', () => {
    // "launch", "succeeds", "things" and "know" are common by this idf, the rest rare.
    const common = (t: string): number => (['launch', 'succeed', 'thing', 'know'].includes(t) ? 2 : 8);
    const input = [...ARTICLES, art('s1', 4.01, 'Launch succeeds'), art('s2', 50, '5 Things to Know')];
    const on = clusterArticles(input, [], { now: NOW, idf: common, storylessIdf: 5 });
    expect(on.assignments.get('s1')).to.equal(on.assignments.get('a1'));
    expect(on.assignments.has('s2')).to.be.false;
    const off = clusterArticles(input, [], { now: NOW, idf: common });
    expect(off.assignments.get('s2')).to.equal(trendIdFor('s2'));
  });

  it('gives the same result whatever the input order', () => {
    const forward = clusterArticles(ARTICLES, [], { now: NOW, idf });
    const reversed = clusterArticles([...ARTICLES].reverse(), [], { now: NOW, idf });
    expect([...reversed.assignments].sort()).to.deep.equal([...forward.assignments].sort());
    expect(reversed.touched).to.deep.equal(forward.touched);
  });

  it('starts a new trend when the last article of the matching one is older than the window', () => {
    const r = clusterArticles([ARTICLES[0]!, art('a9', 30, ARTICLES[0]!.title)], [], {
      now: NOW,
      idf,
      windowHours: 24,
    });
    expect(r.created).to.have.length(2);
    const within = clusterArticles([ARTICLES[0]!, art('a9', 24, ARTICLES[0]!.title)], [], {
      now: NOW,
      idf,
      windowHours: 24,
    });
    expect(within.created).to.have.length(1);
  });

  it('extends an existing trend passed in from an earlier run', () => {
    const first = clusterArticles(ARTICLES.slice(0, 2), [], { now: NOW, idf });
    const next = clusterArticles(ARTICLES.slice(2), first.touched, { now: NOW, idf });
    expect(next.created).to.deep.equal([]);
    expect(next.assignments.get('a3')).to.equal(trendIdFor('a1'));
    expect(next.touched.find((t) => t.id === trendIdFor('a1'))!.article_count).to.equal(3);
  });

  it('offers a stored trend to a report sharing only common terms with it, however many older trends share them', () => {
    // 40 trends of earlier days and the story's current trend all hold the same five words; a run
    // passes them by id, and the current one has the smallest. Each term's postings keep 32 trends:
    // they must be the most recently reported, as in a single pass over the same reports.
    const words = { plane: 3, search: 3, wreck: 3, ocean: 3, debris: 3 };
    const older = Array.from({ length: 40 }, (_, i) => ({
      id: `tr_b${String(i).padStart(2, '0')}`,
      terms: { ...words, [`other${i}`]: 3 },
      entities: {},
      article_count: 3,
      first_seen: T0 - 200 * H - i * H,
      last_seen: T0 - 199 * H - i * H,
    }));
    const current = {
      id: 'tr_a',
      terms: words,
      entities: {},
      article_count: 5,
      first_seen: T0 - 3 * H,
      last_seen: T0 - H,
    };
    const report = art('n1', 0, 'Plane search: wreck debris in the ocean');
    const r = clusterArticles([report], [current, ...older], { now: NOW, idf });
    expect(r.created).to.deep.equal([]);
    expect(r.assignments.get('n1')).to.equal('tr_a');
  });

  it('ignores articles dated after the clock', () => {
    const r = clusterArticles(ARTICLES, [], { now: new Date(T0 + 2.5 * H), idf });
    expect([...r.assignments.keys()].sort()).to.deep.equal(['a1', 'a2', 'b1']);
  });

  it('does not join when similarity is under the threshold', () => {
    const r = clusterArticles(ARTICLES, [], { now: NOW, idf, threshold: 0.99 });
    expect(r.created).to.have.length(5);
  });

  it('merges two fragments of one burst founded seconds apart into the earlier trend', () => {
    const S = 1000;
    const t = T0 + 9 * H + 7 * S; // a time of day: bare dates are never merged
    // f2 shares nothing with f1 and founds a trend; f3 bridges both, so the two centroids agree.
    const burst = [
      { id: 'f1', title: 'Licence approval for bank', text: '', time: t, entities: [] },
      { id: 'f2', title: 'Rajan rupee exports dollar', text: '', time: t + 5 * S, entities: [] },
      { id: 'f3', title: 'Rajan bank licence rupee', text: '', time: t + 10 * S, entities: [] },
    ];
    const apart = clusterArticles(burst, [], { now: NOW, idf, mergeThreshold: 0 });
    expect(new Set(apart.assignments.values()).size).to.equal(2);
    const r = clusterArticles(burst, [], { now: NOW, idf });
    expect(new Set(r.assignments.values())).to.deep.equal(new Set([trendIdFor('f1')]));
    expect(r.created).to.deep.equal([trendIdFor('f1')]);
    expect(r.touched.map((t) => [t.id, t.article_count])).to.deep.equal([[trendIdFor('f1'), 3]]);
    expect(r.merged.size).to.equal(0);
  });

  it("with meaningHeadlines, makes a trend's meaning of its first headlines only", () => {
    // One axis per headline: the meaning sum shows which headlines were added.
    const axis = new Map(ARTICLES.map((a, i) => [a.title, i]));
    const meaning = (title: string): Float32Array => {
      const v = new Float32Array(ARTICLES.length);
      v[axis.get(title)!] = 1;
      return v;
    };
    const spacex = (o: { meaningHeadlines?: number }): number[] =>
      clusterArticles(ARTICLES, [], { now: NOW, idf, meaning, ...o }).touched.find((t) => t.id === trendIdFor('a1'))!
        .meaning!;
    expect(spacex({}), 'all its headlines').to.deep.equal([1, 0, 1, 0, 1]);
    expect(spacex({ meaningHeadlines: 2 })).to.deep.equal([1, 0, 1, 0, 0]);
    expect(spacex({ meaningHeadlines: 1 })).to.deep.equal([1, 0, 0, 0, 0]);
  });

  describe('a story reported again after its window (archiveDays)', () => {
    const D = 24 * H;
    const lead = 'Equifax breach exposed credit data of millions of customers';
    const first = [
      art('e1', 0, lead, ['equifax', 'experian', 'u.s.']),
      art('e2', 1, `${lead} says company`, ['equifax', 'experian']),
    ];
    const now = new Date(T0 + 400 * D);
    const late = (entities: string[]): DetectArticle => ({
      ...art('e3', 0, 'Equifax breach: credit data of millions of customers exposed, report', entities),
      time: T0 + 90 * D,
    });
    const opts = { now, idf, windowHours: 60 * 24, archiveDays: 365, archiveThreshold: 0.4, archiveEntities: 2 };

    it('rejoins a closed trend only with strong agreement and the named entities in common', () => {
      expect(clusterArticles([...first, late(['equifax', 'experian'])], [], opts).created).to.have.length(1);
      expect(clusterArticles([...first, late(['equifax'])], [], opts).created, 'one entity').to.have.length(2);
      expect(
        clusterArticles([...first, late(['equifax', 'experian'])], [], { ...opts, archiveDays: 0 }).created,
      ).to.have.length(2);
    });

    it('keeps a burst that went quiet closed inside the window', () => {
      const soon = { ...late(['equifax', 'experian']), time: T0 + 10 * D };
      const burst = first.map((a, i) => ({ ...a, time: T0 + i * 60_000 }));
      expect(clusterArticles([...burst, soon], [], opts).created).to.have.length(2);
    });
  });
});
