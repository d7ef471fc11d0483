import { expect } from 'chai';
import {
  clusterArticles,
  type ActiveTrend,
  type ClusterOptions,
  type DetectArticle,
} from '@trendscope/pipeline/detect/cluster';
import { trendIdFor } from '@trendscope/pipeline/detect/trend-id';

const S = 1000;
const MIN = 60 * S;
const T0 = Date.parse('2026-11-20T09:00:07Z');
const idf = (): number => 3;
/** Every headline means the same (an ash cloud grounding flights): the pair can merge by meaning only. */
const meaning = (): Float32Array => Float32Array.from([1, 0, 0]);
const OPTS = { idf, meaning, learnedMerge: false, mergeSettleMinutes: 10 };

function art(id: string, seconds: number, title: string): DetectArticle {
  return { id, title, text: '', time: T0 + seconds * S, entities: [] };
}

const volcano = (id: string, seconds: number, extra: string): DetectArticle =>
  art(id, seconds, `Volcano erupts Iceland ash ${extra}`);
const flights = (id: string, seconds: number, extra: string): DetectArticle =>
  art(id, seconds, `Airlines cancel flights Europe ${extra}`);

/**
 * Two fragments founded 10 s apart with no word in common, three reports each by their settle time
 * (founding + 10 min), more after it: a meaning merge needs one side of at most 3 articles.
 */
const ARTICLES = [
  volcano('a1', 0, 'overnight'),
  flights('b1', 10, 'morning'),
  volcano('a2', 60, 'lava'),
  flights('b2', 90, 'passengers'),
  volcano('a3', 120, 'plume'),
  flights('b3', 150, 'stranded'),
  flights('b4', 20 * 60, 'tuesday'),
  volcano('a4', 22 * 60, 'scientists'),
  flights('b5', 25 * 60, 'wednesday'),
];
const END = new Date(T0 + 60 * MIN);

/** Clusters the articles as runs at the given clocks (ms after T0, the last run at END): article -> final trend. */
function inRuns(clocks: readonly number[], o: Partial<ClusterOptions>): Map<string, string> {
  const trends = new Map<string, ActiveTrend>();
  const assigned = new Map<string, string>();
  const movedTo = new Map<string, string>();
  let judgedUntil = Number.NEGATIVE_INFINITY;
  for (const clock of [...clocks.map((c) => T0 + c), END.getTime()]) {
    const run = ARTICLES.filter((a) => a.time <= clock && !assigned.has(a.id));
    const r = clusterArticles(run, [...trends.values()], {
      ...o,
      idf,
      now: new Date(clock),
      mergeJudgedUntil: judgedUntil,
    });
    judgedUntil = clock;
    for (const [a, t] of r.assignments) assigned.set(a, t);
    for (const t of r.touched) trends.set(t.id, t);
    for (const [from, to] of r.merged) {
      trends.delete(from);
      movedTo.set(from, to);
    }
  }
  const final = (id: string): string => (movedTo.has(id) ? final(movedTo.get(id)!) : id);
  return new Map([...assigned].map(([a, t]) => [a, final(t)]));
}

const every = (minutes: number): number[] => Array.from({ length: 30 }, (_, i) => (i + 1) * minutes * MIN);

describe('merges judged at a settle time (mergeSettleMinutes)', () => {
  it('without it, the merge depends on when the runs judge the pair', () => {
    const base = { meaning, learnedMerge: false };
    const onePass = clusterArticles(ARTICLES, [], { ...base, idf, now: END }).assignments;
    expect(onePass.get('b1'), 'one pass: both sides grew past 3 articles').not.to.equal(onePass.get('a1'));
    const runs = inRuns(every(2), base);
    expect(runs.get('b1'), 'runs every 2 min: judged while small').to.equal(runs.get('a1'));
  });

  it('judges a pair on its states at the settle time: the same merges however the reports are cut into runs', () => {
    const onePass = clusterArticles(ARTICLES, [], { ...OPTS, now: END }).assignments;
    expect(onePass.get('b1')).to.equal(trendIdFor('a1'));
    expect(new Set(onePass.values()).size).to.equal(1);
    for (const clocks of [every(2), every(7), [5 * MIN, 21 * MIN], [10 * MIN + 10 * S, 10 * MIN + 11 * S], []]) {
      expect([...inRuns(clocks, OPTS)].sort(), `runs at ${clocks.map((c) => c / S).join(', ')} s`).to.deep.equal(
        [...onePass].sort(),
      );
    }
  });

  it('judges on the settle-time state, not a later one: a side grown past the meaning bound by then stays apart', () => {
    // A fourth report on each side before the settle time: no meaning merge.
    const grown = [...ARTICLES, volcano('a5', 240, 'aviation'), flights('b6', 300, 'airports')];
    const onePass = clusterArticles(grown, [], { ...OPTS, now: END }).assignments;
    expect(onePass.get('b1')).not.to.equal(onePass.get('a1'));
    const shortSettle = clusterArticles(grown, [], { ...OPTS, mergeSettleMinutes: 3, now: END }).assignments;
    expect(shortSettle.get('b1'), 'settled at 3 min: three reports on b').to.equal(shortSettle.get('a1'));
  });

  it('leaves a pair before its settle time undecided, and a later run decides it', () => {
    const early = ARTICLES.filter((a) => a.time <= T0 + 5 * MIN);
    const first = clusterArticles(early, [], { ...OPTS, now: new Date(T0 + 5 * MIN) });
    expect(first.assignments.get('b1'), 'undecided: still its own trend').to.equal(trendIdFor('b1'));
    expect(first.touched.map((t) => t.id).sort()).to.deep.equal([trendIdFor('a1'), trendIdFor('b1')]);
    const later = ARTICLES.filter((a) => a.time > T0 + 5 * MIN);
    const second = clusterArticles(later, first.touched, {
      ...OPTS,
      now: END,
      mergeJudgedUntil: T0 + 5 * MIN,
    });
    expect([...second.merged]).to.deep.equal([[trendIdFor('b1'), trendIdFor('a1')]]);
    expect(second.assignments.get('b5')).to.equal(trendIdFor('a1'));
  });

  it('does not judge again a given trend whose settle time an earlier run had passed', () => {
    const early = ARTICLES.filter((a) => a.time <= T0 + 150 * S);
    const states = clusterArticles(early, [], { ...OPTS, mergeSettleMinutes: 0, mergeThreshold: 0, now: END }).touched;
    expect(states).to.have.length(2);
    const judge = (judgedUntil: number): number =>
      clusterArticles([], states, { ...OPTS, now: END, mergeJudgedUntil: judgedUntil }).merged.size;
    expect(judge(T0 + 11 * MIN), 'judged by the run before').to.equal(0);
    expect(judge(T0 + 5 * MIN), 'still to judge').to.equal(1);
    expect(
      clusterArticles([], states, { ...OPTS, now: END }).merged.size,
      'default: every given trend was judged',
    ).to.equal(0);
  });
});
