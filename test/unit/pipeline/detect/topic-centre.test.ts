import { expect } from 'chai';
import { loadClassifier } from '@trendscope/pipeline/classify/classifier';
import { buildTrend, type TrendMember } from '@trendscope/pipeline/detect/build-trend';
import { meaningOrder, TOPIC_SAMPLE, topicSample } from '@trendscope/pipeline/detect/topic-centre';
import { buildTrendMember } from '../../../support/trend-member';

const NOW = new Date('2026-11-21T12:00:00Z');

/** A unit vector near axis `axis` of 8 dimensions, turned a little by `wobble` (a fake sentence embedding). */
function near(axis: number, wobble: number): Float32Array {
  const v = new Float32Array(8);
  v[axis] = 1;
  v[(axis + 1 + (wobble % 5)) % 8] = 0.15 + 0.02 * wobble;
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}

describe('topicSample', () => {
  it('takes every member of a small trend and spreads a fixed number over a large one', () => {
    expect(topicSample(5)).to.deep.equal([0, 1, 2, 3, 4]);
    const big = topicSample(1000);
    expect(big).to.have.length(TOPIC_SAMPLE);
    expect(new Set(big).size).to.equal(TOPIC_SAMPLE);
    expect(big[0]).to.be.below(40);
    expect(big[big.length - 1]).to.be.above(960);
  });
  it('reads every member of a 90-member trend, so no time order among them changes its centre', () => {
    expect(topicSample(90)).to.deep.equal(Array.from({ length: 90 }, (_, i) => i));
  });
});

describe('meaningOrder', () => {
  const stories: Record<string, Float32Array> = {};
  const titles = ['a1', 'b1', 'a2', 'a3', 'b2', 'a4'];
  titles.forEach((t, i) => (stories[t] = near(t.startsWith('a') ? 0 : 3, i)));

  it('puts the members of the dominant story first and the other story last', () => {
    const order = meaningOrder(titles, (t) => stories[t])!;
    expect(order.slice(0, 4).map((i) => titles[i]![0])).to.deep.equal(['a', 'a', 'a', 'a']);
    expect(order.slice(4).map((i) => titles[i]![0])).to.deep.equal(['b', 'b']);
  });
  it('gives no order when a sampled headline has no embedding (no encoder), or for one member', () => {
    expect(meaningOrder(titles, (t) => (t === 'b2' ? undefined : stories[t]))).to.equal(undefined);
    expect(meaningOrder(['a1'], (t) => stories[t])).to.equal(undefined);
  });
});

describe('buildTrend with the centre of meaning', () => {
  // A trend of two HIV stories as a real demo served it: most articles are the prevention gel,
  // worded variously; two identical headlines of another HIV story weigh most in the term centroid.
  const gel = [
    'Vaginal gel protects monkeys from HIV after sex',
    'Gel applied after intercourse shields macaques from HIV',
    'HIV prevention gel works hours after exposure in monkey study',
    'Microbicide gel could prevent HIV infection after sex, study finds',
    'Anti-HIV gel effective when used after sex in primate trial',
  ];
  const patients = ['About 4200 patients may be at HIV risk in US hospital'];
  const titles = [...gel, ...patients, ...patients, ...patients];
  const members: TrendMember[] = titles.map((title, i) =>
    buildTrendMember(i, NOW.getTime() - (20 - i) * 3_600_000, title, `site${i}.example`, {
      publisher: `Site ${i}`,
      published_date: null,
      simhash: null,
    }),
  );
  const opts = { now: NOW, classifier: loadClassifier(), idf: (): number => 3, domainQuality: new Map() };
  const vectors = new Map(titles.map((t, i) => [t, near(gel.includes(t) ? 0 : 3, i)]));

  it('reads the topic from the dominant story, where the term centroid reads another', () => {
    const byTerms = buildTrend('tr_aaaaaaaaaaaaaaaa', members, opts);
    expect(byTerms.topic).to.match(/patients/);
    const byMeaning = buildTrend('tr_aaaaaaaaaaaaaaaa', members, { ...opts, embedText: (t) => vectors.get(t) });
    expect(byMeaning.topic).to.not.match(/patients/);
    expect(byMeaning.topic.toLowerCase()).to.match(/gel/);
  });
});
