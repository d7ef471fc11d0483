import { expect } from 'chai';
import type { TrendFounding } from '@trendscope/core';
import type { DetectArticle } from '@trendscope/pipeline/detect/cluster';
import { FOUNDING_VIEWS, foundingView, groupFoundings, keptFounding } from '@trendscope/pipeline/detect/founding-views';
import { rejoinTrends, storyViews, type RejoinJoin, type StoryView } from '@trendscope/pipeline/detect/rejoin-stories';

const H = 3_600_000;
const idf = (): number => 1;

/** `n` reports from `hour` on, one a minute, each with the given headline. */
function reports(id: string, hour: number, title: string, n: number): DetectArticle[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `${id}-${hour}-${i}`,
    title,
    text: '',
    time: hour * H + i * 60_000,
    entities: ['Mario Draghi'],
  }));
}

// The Draghi story of April 30-40k: the first founding's headlines, the second founding's (a later
// angle the union's central headlines drift to), and a new trend told as the first founding was.
const FIRST = 'Draghi says strong euro may trigger ECB easing';
const SECOND_A = 'Draghi: stronger euro would mean looser ECB policy, says president';
const SECOND_B = 'ECB president Draghi: stronger euro would mean looser policy';
const NEW = 'Strong euro may trigger ECB easing, Draghi says';

/** Headlines told as the first founding was agree; the later angle is another direction. */
const embed = (text: string): Float32Array => (text.includes('looser') ? Float32Array.of(0, 1) : Float32Array.of(1, 0));
const lookup = (): Promise<typeof embed> => Promise.resolve(embed);

const first = reports('draghi', 2, FIRST, 6);
const union = [...first, ...reports('draghi', 18, SECOND_A, 8), ...reports('draghi', 18.5, SECOND_B, 8)];
const fresh = reports('late', 30, NEW, 6);

/** The kept founding of the stored trend: its first founding's view when the rejoin joined it. */
function firstFounding(): TrendFounding {
  return keptFounding(storyViews(new Map([['draghi', first]]), idf)[0]!);
}

async function rejoined(foundings?: Map<string, readonly TrendFounding[]>, joins?: RejoinJoin[]) {
  const logger = { warn: () => undefined, info: (o: { joins: RejoinJoin[] }) => joins?.push(...o.joins) };
  return rejoinTrends(
    new Map([
      ['draghi', union],
      ['late', fresh],
    ]),
    idf,
    logger,
    undefined,
    new Set(['late']),
    lookup,
    { states: () => Promise.resolve([]), read: () => Promise.resolve(new Map()), ...(foundings ? { foundings } : {}) },
  );
}

describe('founding views of a rejoined trend', () => {
  it("judges a new trend against a rejoined trend's first founding too, as one run does", async () => {
    const view = storyViews(new Map([['draghi', union]]), idf)[0]!;
    expect(view.central, "the union's central headlines are the later angle's").to.include(SECOND_A);
    expect([...(await rejoined())], 'judged by the union alone (a state written before): apart').to.deep.equal([]);
    const kept = new Map([['draghi', [firstFounding()]]]);
    const joins: RejoinJoin[] = [];
    expect([...(await rejoined(kept, joins))]).to.deep.equal([['late', 'draghi']]);
    expect(joins.map((j) => [j.test, j.founding])).to.deep.equal([['meaning', true]]);
    // The survivor keeps its first founding and the latest (the trend it took); the absorbed none.
    expect(kept.get('draghi')!.map((f) => f.central)).to.deep.equal([[FIRST], [NEW]]);
    expect(kept.has('late')).to.equal(false);
  });

  it('keeps a founding that fails the cheap gates against the new trend out of the judging', async () => {
    // The same first founding, founded more than rejoinHours (72) before the new trend's founding.
    const old = { ...firstFounding(), first_seen: -80 * H, second_seen: -80 * H, last_seen: -79 * H };
    expect([...(await rejoined(new Map([['draghi', [old]]])))]).to.deep.equal([]);
  });

  it("keeps the first and the latest of a group's foundings, a trend's kept foundings standing for it", () => {
    const at = (id: string, hour: number, foundings?: StoryView[]): StoryView => ({
      id,
      first_seen: hour * H,
      last_seen: hour * H + H,
      article_count: 6,
      centroid: new Map([['draghi', 1]]),
      entities: new Set(),
      central: [`${id} at ${hour}`],
      ...(foundings ? { foundings } : {}),
    });
    expect(FOUNDING_VIEWS).to.equal(2);
    const stored = at('a', 10, [at('a', 1), at('a', 5)]);
    const picked = groupFoundings([stored, at('b', 20), at('c', 15)]);
    expect(picked.map((v) => v.central[0])).to.deep.equal(['a at 1', 'b at 20']);
    expect(
      groupFoundings([at('a', 3), at('b', 2)]).map((v) => v.id),
      'two trends: both, in founding order',
    ).to.deep.equal(['b', 'a']);
  });

  it('reads back the view it keeps', () => {
    const kept = firstFounding();
    const view = foundingView('draghi', kept);
    expect(view.central).to.deep.equal([FIRST]);
    expect([view.first_seen, view.second_seen, view.last_seen, view.article_count]).to.deep.equal([
      2 * H,
      2 * H + 60_000,
      2 * H + 5 * 60_000,
      6,
    ]);
    expect(keptFounding(view)).to.deep.equal(kept);
  });
});
