import { expect } from 'chai';
import type { StoredArticle } from '@trendscope/pipeline/detect/active-trend';
import { memberMoves } from '@trendscope/pipeline/detect/absorb-members';
import type { DetectArticle } from '@trendscope/pipeline/detect/cluster';
import { absorbMembers, type Applied } from '@trendscope/pipeline/detect/detect-apply';
import type { Clustered } from '@trendscope/pipeline/detect/detect-cluster';
import type { DetectInput } from '@trendscope/pipeline/detect/detect-load';
import { DEFAULT_REJOIN_OPTIONS } from '@trendscope/pipeline/detect/rejoin-stories';

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
// pono: the large trend's story; kickstarter 20 degrees off it (cosine 0.94); bees 90 degrees off.
const embed = storyEmbedding({ pono: 0, kickstarter: 20, bees: 90 });

function articles(id: string, hour: number, titles: string[]): DetectArticle[] {
  return titles.map((title, i) => ({ id: `${id}-${i}`, title, text: '', time: hour * H + i * 60_000, entities: [] }));
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

  it('moves nothing into a large trend the run did not change or only grew from a sample', async () => {
    for (const opts of [{ touched: ['small'] }, { grown: ['large'] }]) {
      const { byTrend, result, input, applied } = setup(['pono player again', 'pono player once more'], opts);
      expect(await absorbMembers(quiet, input, result, applied, { idf, rejoin: o }, embed)).to.equal(0);
      expect(byTrend.get('small')!.length).to.equal(2);
      expect(applied.moved.size).to.equal(0);
    }
  });
});
