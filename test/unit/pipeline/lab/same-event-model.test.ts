import { expect } from 'chai';
import {
  fitSameEventModel,
  pairFeatures,
  sameEventScore,
  trendPairScore,
} from '@trendscope/pipeline/lab/evaluate/trends/same-event-model';
import { headlinePairs, storyHeadlines } from '@trendscope/pipeline/lab/evaluate/trends/same-event-pairs';
import type { UciRow } from '@trendscope/pipeline/lab/corpus/uci.corpus';

const v = (...xs: number[]): Float32Array => {
  const n = Math.hypot(...xs);
  return Float32Array.from(xs.map((x) => x / n));
};

describe('the same-event model on headline pairs (same-event-model.ts)', () => {
  it('reads symmetric features: products, absolute differences, the cosine', () => {
    const [a, b] = [v(1, 0, 0), v(0.6, 0.8, 0)];
    const f = pairFeatures(a, b);
    expect([...f].map((x) => +x.toFixed(3))).to.deep.equal([0.6, 0, 0, 0.4, 0.8, 0, 0.6]);
    expect([...pairFeatures(b, a)]).to.deep.equal([...f]);
  });

  it('learns which dimension carries the event, where the cosine alone cannot tell', () => {
    // Same event: agree on dimension 0 (the event), differ on 1 (the wording); two events: the reverse.
    // Every pair has the same cosine, so only the learned product / difference terms separate them.
    const pairs = [0, 1, 2, 3].flatMap((k) => {
      const s = 1 + k / 10;
      return [
        { a: v(s, 1, 0), b: v(s, -1, 0), same: true },
        { a: v(1, s, 0), b: v(-1, s, 0), same: false },
      ];
    });
    const model = fitSameEventModel(pairs, 0.01, 200);
    const [same, other] = [
      sameEventScore(model, v(1.5, 1, 0), v(1.5, -1, 0)),
      sameEventScore(model, v(1, 1.5, 0), v(-1, 1.5, 0)),
    ];
    expect(same).to.be.greaterThan(0);
    expect(other).to.be.lessThan(0);
    // Deterministic: the same pairs give the same model.
    expect(fitSameEventModel(pairs, 0.01, 200).weights).to.deep.equal(model.weights);
  });

  it("scores two trends by the mean or the max over their central headlines' pairs", () => {
    const score = (a: Float32Array, b: Float32Array): number => a[0]! + b[0]!;
    const [x, y, z] = [Float32Array.of(1), Float32Array.of(2), Float32Array.of(4)];
    expect(trendPairScore(score, [x, y], [z], 'mean')).to.equal(5.5);
    expect(trendPairScore(score, [x, y], [z], 'max')).to.equal(6);
    expect(trendPairScore(score, [], [z], 'max')).to.equal(undefined);
  });
});

describe('training pairs of the same-event model (same-event-pairs.ts)', () => {
  const DAY = 86_400_000;
  const row = (id: number, story: string, title: string, t: number): UciRow => ({
    id,
    title,
    url: '',
    publisher: '',
    category: 'b',
    story,
    hostname: '',
    timestamp: t,
  });
  const rows = [
    row(1, 's', 'Acme recalls cars', 0),
    row(2, 's', 'Acme recalls cars', 1000), // the same wording again: one representative
    row(3, 's', 'Acme recall widens to trucks', 1.5 * DAY),
    row(4, 's', 'Regulators look at Acme recall', 2000),
    row(5, 't', 'Acme names new CEO', 2 * DAY),
    row(6, 't', 'Acme CEO named', 2 * DAY + 10),
    row(7, 'u', 'Zoo welcomes panda', 0),
    row(8, 'u', 'Panda arrives at zoo', 10),
    row(9, 'w', 'Acme opens plant', 9 * DAY),
    row(10, 'w', 'Acme plant opens', 9 * DAY + 5),
  ];
  const vectors: Record<string, Float32Array> = {
    'Acme recalls cars': v(1, 0.1, 0),
    'Acme recall widens to trucks': v(1, 0.2, 0),
    'Regulators look at Acme recall': v(1, 0.3, 0),
    'Acme names new CEO': v(1, 0, 0.9),
    'Acme CEO named': v(1, 0, 1),
    'Zoo welcomes panda': v(0, 1, 0),
    'Panda arrives at zoo': v(0, 1, 0.1),
    'Acme opens plant': v(1, 0, 0.5),
    'Acme plant opens': v(1, 0, 0.6),
  };
  const stories = storyHeadlines(rows, (r) => r.story);
  const pairs = headlinePairs(stories, (t) => vectors[t]);

  it('keeps distinct headlines and pairs a story across days first', () => {
    expect(stories.find((s) => s.story === 's')!.titles).to.have.length(3);
    const own = pairs.filter((p) => p.same && p.stories[0] === 's');
    expect(own.map((p) => p.kind)).to.deep.equal(['other day', 'other day', 'same day']);
  });

  it('draws negatives from stories of one subject within the window only, and never from stories read as one', () => {
    const negatives = pairs.filter((p) => !p.same).map((p) => p.stories.join('/'));
    // s and t are one subject 1.5 days apart; u is another subject; w is 7 days after t.
    expect([...new Set(negatives)]).to.deep.equal(['s/t']);
    const joined = headlinePairs(
      stories,
      (t) => vectors[t],
      (a, b) => a + b === 'st',
    );
    expect(joined.filter((p) => !p.same)).to.have.length(0);
  });
});
