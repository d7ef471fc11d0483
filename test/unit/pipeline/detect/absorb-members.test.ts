import { expect } from 'chai';
import type { StoredArticle } from '@trendscope/pipeline/detect/active-trend';
import { absorbLookup, memberMoves } from '@trendscope/pipeline/detect/absorb-members';
import type { DetectArticle } from '@trendscope/pipeline/detect/cluster';
import {
  absorbAndRejoin,
  absorbMembers,
  type Applied,
  type StoredTakers,
} from '@trendscope/pipeline/detect/detect-apply';
import type { Clustered } from '@trendscope/pipeline/detect/detect-cluster';
import type { DetectInput } from '@trendscope/pipeline/detect/detect-load';
import { DEFAULT_REJOIN_OPTIONS, type StoryView } from '@trendscope/pipeline/detect/rejoin-stories';

const H = 3_600_000;
const idf = (): number => 1;
const o = DEFAULT_REJOIN_OPTIONS;

/**
 * Embeddings by the story a headline tells: each word given is a unit direction in the plane of
 * two axes (an angle in degrees), so cosines are set by hand.
 */
function storyEmbedding(angles: Record<string, number>) {
  const vectorOf = (text: string): Float32Array | undefined => {
    const angle = Object.entries(angles).find(([word]) => text.includes(word))?.[1];
    if (angle === undefined) return undefined;
    const v = new Float32Array(3);
    v[0] = Math.cos((angle * Math.PI) / 180);
    v[1] = Math.sin((angle * Math.PI) / 180);
    return v;
  };
  return () => Promise.resolve(vectorOf);
}
// pono: the large trend's story; kickstarter 20 degrees off it (cosine 0.94); bees 90 degrees off;
// derby 60 degrees the other way (0.5 to pono, -0.87 to bees).
const embed = storyEmbedding({ pono: 0, kickstarter: 20, bees: 90, derby: -60 });

function articles(id: string, hour: number, titles: string[]): DetectArticle[] {
  return titles.map((title, i) => ({ id: `${id}-${i}`, title, text: '', time: hour * H + i * 60_000, entities: [] }));
}

/** A stored trend's story view (trend-clock.ts): its span, size and central headlines, no member. */
function view(id: string, hour: number, size: number, central: string[]): StoryView {
  return {
    id,
    first_seen: hour * H,
    last_seen: hour * H + 2 * H,
    article_count: size,
    centroid: new Map([['pono', 1]]),
    entities: new Set(),
    central,
  };
}

const PONO = Array.from({ length: 10 }, (_, i) => `Neil Young pono player report ${i}`);

describe('memberMoves', () => {
  it('moves only the member of a half-another-story small trend that reads as the large trend', async () => {
    const trends = new Map([
      ['large', articles('large', 0, PONO)],
      ['small', articles('small', 24, ['Young shows pono player again', 'bees swarm La Brea'])],
    ]);
    const moves = await memberMoves(trends, idf, o, embed);
    expect(moves.map((m) => [m.article.id, m.from, m.into])).to.deep.equal([['small-0', 'small', 'large']]);
  });

  it('sees the large trends as the run’s rejoin options do, switched by absorbMeaning alone', async () => {
    const trends = new Map([
      ['large', articles('large', 0, PONO)],
      ['small', articles('small', 24, ['Young shows pono player again', 'bees swarm La Brea'])],
    ]);
    const fewerViews = { ...o, rejoinMinArticles: 11, rejoinAtOnceMinArticles: 11 };
    expect(await memberMoves(trends, idf, fewerViews, embed)).to.deep.equal([]);
    const noRejoin = { ...o, rejoinCosine: 0 };
    expect((await memberMoves(trends, idf, noRejoin, embed)).map((m) => m.article.id)).to.deep.equal(['small-0']);
  });

  it('keeps copies of one headline together unless they read as the large trend', async () => {
    const bees = new Map([
      ['large', articles('large', 0, PONO)],
      ['small', articles('small', 24, ['bees swarm La Brea', 'bees swarm La Brea'])],
    ]);
    expect(await memberMoves(bees, idf, o, embed)).to.deep.equal([]);
    // Copies read 1.0 as each other and 0.94 as the large trend: they are one report, not a story of their own.
    const pono = new Map([
      ['large', articles('large', 0, PONO)],
      ['small', articles('small', 24, ['kickstarter page goes live', 'kickstarter page goes live'])],
    ]);
    expect((await memberMoves(pono, idf, o, embed)).map((m) => m.article.id)).to.deep.equal(['small-0', 'small-1']);
  });

  it('leaves a member that reads closer to the rest of its own trend than to the large trend', async () => {
    // Both read 0.94 as the large trend and 1.0 as each other: a story of its own beside it.
    const trends = new Map([
      ['large', articles('large', 0, PONO)],
      ['small', articles('small', 24, ['kickstarter backers cheer', 'kickstarter backers pour in'])],
    ]);
    expect(await memberMoves(trends, idf, o, embed)).to.deep.equal([]);
  });

  it('takes nothing into a trend under 10 members, outside the rejoin window, or when switched off', async () => {
    const small = articles('small', 24, ['Young shows pono player again', 'bees swarm La Brea']);
    const nine = new Map([
      ['large', articles('large', 0, PONO.slice(0, 9))],
      ['small', small],
    ]);
    expect(await memberMoves(nine, idf, o, embed)).to.deep.equal([]);
    const late = new Map([
      ['large', articles('large', 0, PONO)],
      ['small', articles('small', 74, ['Young shows pono player again', 'bees swarm La Brea'])],
    ]);
    expect(await memberMoves(late, idf, o, embed)).to.deep.equal([]);
    const trends = new Map([
      ['large', articles('large', 0, PONO)],
      ['small', small],
    ]);
    expect(await memberMoves(trends, idf, { ...o, absorbMeaning: 0 }, embed)).to.deep.equal([]);
    expect(await memberMoves(trends, idf, o, embed, { takers: new Set(['small']) })).to.deep.equal([]);
  });

  it('moves a member into a stored large trend known by its story view alone', async () => {
    const small = new Map([['small', articles('small', 24, ['Young shows pono player again', 'bees swarm La Brea'])]]);
    const moves = await memberMoves(small, idf, o, embed, { views: [view('large', 0, 12, ['pono player launch'])] });
    expect(moves.map((m) => [m.article.id, m.into, m.intoSize])).to.deep.equal([['small-0', 'large', 12]]);
  });

  it('takes nothing into a stored view of another story, under 10 members, without headlines or out of the window', async () => {
    const small = new Map([['small', articles('small', 24, ['Young shows pono player again', 'bees swarm La Brea'])]]);
    for (const v of [
      view('large', 0, 12, ['derby favourite scratched']),
      view('large', 0, 9, ['pono player launch']),
      view('large', 0, 12, []),
      view('large', -60, 12, ['pono player launch']),
    ]) {
      expect(await memberMoves(small, idf, o, embed, { views: [v] }), JSON.stringify(v.central)).to.deep.equal([]);
    }
  });
});

describe('absorbLookup', () => {
  it("asks for trends of 10+ under the small trends' members' terms, reported last within the window", () => {
    const trends = new Map([
      ['large', articles('large', 0, PONO)],
      ['small', articles('small', 24, ['Pono player again', 'Pono player returns'])],
    ]);
    const wanted = absorbLookup(trends, idf, o)!;
    expect(wanted.terms).to.include.members(['pono', 'player', 'return']);
    expect(wanted.terms).to.not.include('report');
    expect(wanted.bounds).to.deep.equal({ minArticles: 10, lastSeenFrom: 24 * H - o.rejoinHours * H });
  });

  it('asks nothing when no trend is small (a single report, or 10 and more)', () => {
    const trends = new Map([
      ['large', articles('large', 0, PONO)],
      ['one', articles('one', 24, ['Pono player again'])],
    ]);
    expect(absorbLookup(trends, idf, o)).to.equal(null);
  });
});

describe('absorbMembers (the detection run after the rejoin)', () => {
  const quiet = { logger: { warn: (): void => undefined, info: (): void => undefined } } as never;

  function stored(id: string, hour: number, titles: string[]): StoredArticle[] {
    return titles.map(
      (title, i) =>
        ({
          id: `${id}-${i}`,
          title,
          trend_id: id,
          published_date: new Date(hour * H + i * 60_000).toISOString(),
          fetched_at: new Date(hour * H + i * 60_000).toISOString(),
        }) as unknown as StoredArticle,
    );
  }

  function setup(small: string[], opts: { created?: boolean; touched?: string[]; grown?: string[] } = {}) {
    const byTrend = new Map([
      ['large', stored('large', 0, PONO)],
      ['small', stored('small', 24, small)],
    ]);
    const touched = opts.touched ?? ['large', 'small'];
    const result = {
      touched: touched.map((id) => ({ id })),
      created: opts.created ? ['small'] : [],
      merged: new Map<string, string>([['older', 'small']]),
      assignments: new Map([['small-0', 'small']]),
    } as unknown as Clustered['result'];
    const input = {
      unfinished: new Map(),
      aliases: new Map([
        ['large', ['large-old']],
        ['small', ['older']],
      ]),
    } as unknown as DetectInput;
    const applied = {
      byTrend,
      grown: new Set(opts.grown ?? []),
      rejoined: new Map(),
      moved: new Map(),
      took: new Set<string>(),
    } as unknown as Applied;
    return { byTrend, result, input, applied };
  }

  it('empties a stored small trend into the large one: moved, its id and aliases answering for the taker', async () => {
    const { byTrend, result, input, applied } = setup(['pono player again', 'pono player once more']);
    const n = await absorbMembers(quiet, input, result, applied, { idf, rejoin: o }, embed);
    expect(n).to.equal(2);
    expect(byTrend.has('small')).to.equal(false);
    expect(byTrend.get('large')!.length).to.equal(12);
    expect(
      byTrend
        .get('large')!
        .slice(10)
        .map((a) => a.trend_id),
    ).to.deep.equal(['large', 'large']);
    expect([...applied.moved]).to.deep.equal([
      ['small-0', 'large'],
      ['small-1', 'large'],
    ]);
    expect(result.assignments.get('small-0')).to.equal('large');
    expect([...result.merged]).to.deep.equal([
      ['older', 'large'],
      ['small', 'large'],
    ]);
    expect(input.aliases.get('large')).to.deep.equal(['large-old', 'small', 'older']);
  });

  it('leaves no alias of an emptied trend founded in the run, and no longer counts it created', async () => {
    const { result, input, applied } = setup(['pono player again', 'pono player once more'], { created: true });
    await absorbMembers(quiet, input, result, applied, { idf, rejoin: o }, embed);
    expect(result.created).to.deep.equal([]);
    expect(result.merged.has('small')).to.equal(false);
    expect(input.aliases.get('large')).to.deep.equal(['large-old', 'older']);
  });

  it('keeps a small trend with its other member, neither merged nor aliased', async () => {
    const { byTrend, result, input, applied } = setup(['Young shows pono player again', 'bees swarm La Brea']);
    expect(await absorbMembers(quiet, input, result, applied, { idf, rejoin: o }, embed)).to.equal(1);
    expect(byTrend.get('small')!.map((a) => a.id)).to.deep.equal(['small-1']);
    expect(result.merged.has('small')).to.equal(false);
    expect(input.aliases.get('large')).to.deep.equal(['large-old']);
  });

  it('moves nothing into a large trend the run did not change or only grew, given no stored takers', async () => {
    for (const opts of [{ touched: ['small'] }, { grown: ['large'] }]) {
      const { byTrend, result, input, applied } = setup(['pono player again', 'pono player once more'], opts);
      expect(await absorbMembers(quiet, input, result, applied, { idf, rejoin: o }, embed)).to.equal(0);
      expect(byTrend.get('small')!.length).to.equal(2);
      expect(applied.moved.size).to.equal(0);
    }
  });

  /** A stored large trend the run did not read whole: its view, and its members once read. */
  function storedTaker(centralHeadline: string, readable = true) {
    const asked: { terms: readonly string[]; read: string[][] } = { terms: [], read: [] };
    const takers = (byTrend: Map<string, StoredArticle[]>): StoredTakers => ({
      views: (terms) => {
        asked.terms = terms;
        return Promise.resolve([view('yesterday', 0, 10, [centralHeadline])]);
      },
      read: (ids) => {
        asked.read.push(ids);
        if (readable) byTrend.set('yesterday', stored('yesterday', 0, PONO));
        return Promise.resolve();
      },
    });
    return { asked, takers };
  }

  it('moves a member into a stored large trend the run did not change, read whole and rebuilt', async () => {
    const { byTrend, result, input, applied } = setup(['Young shows pono player again', 'bees swarm La Brea'], {
      touched: ['small'],
    });
    byTrend.delete('large');
    const { asked, takers } = storedTaker('pono player launch');
    expect(await absorbMembers(quiet, input, result, applied, { idf, rejoin: o }, embed, takers(byTrend))).to.equal(1);
    expect(asked.terms).to.include('pono');
    expect(asked.read).to.deep.equal([['yesterday']]);
    expect(byTrend.get('yesterday')!.map((a) => a.id)).to.deep.equal([
      ...PONO.map((_, i) => `yesterday-${i}`),
      'small-0',
    ]);
    expect(byTrend.get('yesterday')![10]!.trend_id).to.equal('yesterday');
    expect(byTrend.get('small')!.map((a) => a.id)).to.deep.equal(['small-1']);
    expect([...applied.took]).to.deep.equal(['yesterday']);
    expect(result.assignments.get('small-0')).to.equal('yesterday');
  });

  it('reads no stored trend of another story, and moves nothing into one whose members cannot be read', async () => {
    for (const [headline, readable, reads] of [
      ['derby favourite scratched', true, 0],
      ['pono player launch', false, 1],
    ] as const) {
      const { byTrend, result, input, applied } = setup(['Young shows pono player again', 'bees swarm La Brea'], {
        touched: ['small'],
      });
      byTrend.delete('large');
      const { asked, takers } = storedTaker(headline, readable);
      expect(await absorbMembers(quiet, input, result, applied, { idf, rejoin: o }, embed, takers(byTrend))).to.equal(
        0,
      );
      expect(asked.read.length).to.equal(reads);
      expect(byTrend.get('small')!.length).to.equal(2);
      expect(applied.took.size).to.equal(0);
      expect(applied.moved.size).to.equal(0);
    }
  });

  it('judges again a pair the absorb changed: a small trend late beside its story joins once a member moved', async () => {
    // The La Brea bee fossils on April 30-40k: the small trend, founded 14.7 h after the large one's
    // last report, fails the size gate (the late-fragment test off here); the absorb moves one of its
    // members into the large trend, whose last report is then after the small one's founding.
    const fossils = storyEmbedding({ clues: 0, insight: -30, studied: 30 });
    const late = { ...o, rejoinLateMeaning: 1 };
    const LARGE = Array.from({ length: 12 }, (_, i) => `bee fossils from la brea pits give clues to ice age ${i}`);
    const fresh = () => {
      const byTrend = new Map([
        ['large', stored('large', 0, LARGE)],
        ['small', stored('small', 14.7, ['bee fossils from la brea pits studied', 'bee fossils la brea pits insight'])],
      ]);
      byTrend
        .get('small')!
        .push(
          ...stored('more', 15, ['bee fossils from la brea pits studied again', 'la brea pits bee fossils studied']),
        );
      const result = {
        touched: [{ id: 'large' }, { id: 'small' }],
        created: [],
        merged: new Map<string, string>(),
        assignments: new Map(),
      } as unknown as Clustered['result'];
      const input = { unfinished: new Map(), aliases: new Map([['small', ['older']]]) } as unknown as DetectInput;
      const applied = {
        byTrend,
        grown: new Set<string>(),
        rejoined: new Map<string, string>(),
        moved: new Map<string, string>(),
        took: new Set<string>(),
        parts: new Map<string, number>(),
        storedParts: new Map<string, number>(),
      };
      return { byTrend, result, input, applied };
    };
    const { byTrend, result, input, applied } = fresh();
    expect(await absorbAndRejoin(quiet, input, result, applied, { idf, rejoin: late }, {}, fossils)).to.equal(1);
    expect([...byTrend.keys()]).to.deep.equal(['large']);
    expect(byTrend.get('large')!.length).to.equal(16);
    expect([...applied.rejoined]).to.deep.equal([['small', 'large']]);
    expect(result.merged.get('small')).to.equal('large');
    expect(input.aliases.get('large')).to.deep.equal(['small', 'older']);
    expect(applied.moved.get('small-1')).to.equal('large');
    expect(applied.moved.get('more-1')).to.equal('large');
    // The absorb alone moves the member and leaves the pair apart: no later run judges it.
    const alone = fresh();
    expect(
      await absorbMembers(quiet, alone.input, alone.result, alone.applied, { idf, rejoin: late }, fossils),
    ).to.equal(1);
    expect([...alone.byTrend.keys()]).to.deep.equal(['large', 'small']);
  });
});
