import { expect } from 'chai';
import { toActiveTrend, type StoredArticle } from '@trendscope/pipeline/detect/active-trend';
import { clusterArticles } from '@trendscope/pipeline/detect/cluster';
import { builtState, clusteringView, rejoinedParts } from '@trendscope/pipeline/detect/story-part';
import { combinedState, detectState, storedState } from '@trendscope/pipeline/detect/trend-state';
import { publisherArticle } from '../../../support/factories';
import { KICKSTARTER, LAUNCH } from '../../../support/pono-story';

const T0 = Date.parse('2026-11-20T09:00:07Z');
const M = 60_000;
const H = 60 * M;
const idf = (): number => 1;

function stored(id: string, at: number, title: string): StoredArticle {
  const a = publisherArticle(id, at, title, ['Neil Young']);
  return { ...a.doc, id: a.id };
}

/** The launch (5 reports at T0) and the Kickstarter campaign a day later, one trend after the rejoin, in id order. */
const members = [
  ...LAUNCH.map((t, i) => stored(`a${i}`, T0 + i * M, t)),
  ...KICKSTARTER.map((t, i) => stored(`b${i}`, T0 + 24 * H + i * M, t)),
];

/** The stored trend as the next run loads it, with the state `state`. */
function loaded(state: ReturnType<typeof builtState>) {
  return storedState(
    {
      id: 'tr_a0',
      first_seen: new Date(T0).toISOString(),
      last_seen: new Date(T0 + 24 * H + 4 * M).toISOString(),
      article_count: members.length,
      ...state,
    },
    false,
  )!;
}

describe('story parts of rejoined trends', () => {
  it('starts a survivor part at the latest founding of its group, a stored part counting for its trend', () => {
    const founded = new Map([
      ['a', 0],
      ['b', 24 * H],
      ['c', 48 * H],
      ['d', 10 * H],
    ]);
    const parts = rejoinedParts(
      new Map([['d', 30 * H]]),
      new Map([
        ['b', 'a'],
        ['c', 'a'],
        ['d', 'x'],
      ]),
      (id) => founded.get(id)!,
    );
    expect([...parts].sort()).to.deep.equal([
      ['a', 48 * H],
      ['x', 30 * H],
    ]);
    expect([...rejoinedParts(new Map([['a', 60 * H]]), new Map([['b', 'a']]), (id) => founded.get(id)!)]).to.deep.equal(
      [['a', 60 * H]],
    );
  });

  it('keeps the sums of the part and the indexed entities of the whole trend', () => {
    const whole = detectState(toActiveTrend('tr_a0', members, idf, false));
    expect(builtState('tr_a0', members, undefined, idf, false)).to.deep.equal(whole);
    const state = builtState('tr_a0', members, T0 + 24 * H, idf, false);
    expect(state.detect_state!.part).to.deep.equal({ first_seen: T0 + 24 * H, article_count: 5 });
    expect(state.entities).to.deep.equal(whole.entities);
    expect(Object.keys(state.detect_state!.terms)).to.include('kickstarter');
    expect(Object.keys(state.detect_state!.terms)).not.to.include('unveil');
    expect(Object.keys(whole.detect_state!.terms)).to.include('unveil');
  });

  it('compares a later report with the part only: one that shares its words with the earlier part alone founds a trend', () => {
    // Two hours after the campaign: the launch's trend would have closed (five reports a minute
    // apart), so one run compares this report with the campaign's trend alone.
    const late = {
      id: 'e0',
      title: 'Neil Young unveils high-resolution Pono',
      text: '',
      time: T0 + 26 * H,
      entities: [],
    };
    const cluster = (state: ReturnType<typeof loaded>) =>
      clusterArticles([late], [clusteringView(state)], { now: new Date(T0 + 27 * H), idf, learnedMerge: false })
        .assignments;
    const part = loaded(builtState('tr_a0', members, T0 + 24 * H, idf, false));
    expect(clusteringView(part)).to.include({ first_seen: T0 + 24 * H, article_count: 5 });
    expect(part).to.include({ first_seen: T0, article_count: 10 });
    expect(cluster(part).get('e0')).not.to.equal('tr_a0');
    // The whole trend's sums, as runs kept them before: the report joins the rejoined trend.
    expect(cluster(loaded(builtState('tr_a0', members, undefined, idf, false))).get('e0')).to.equal('tr_a0');
  });

  it('combines two stored states into a part spanning both parts', () => {
    const part = loaded(builtState('tr_a0', members, T0 + 24 * H, idf, false));
    const other = { ...toActiveTrend('tr_c0', [stored('c0', T0 + 30 * H, KICKSTARTER[0]!)], idf, false) };
    expect(combinedState(part, other).part).to.deep.equal({ first_seen: T0 + 24 * H, article_count: 6 });
    expect(combinedState(other, other).part).to.equal(undefined);
  });
});
