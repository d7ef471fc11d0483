import { expect } from 'chai';
import type { Category } from '@trendscope/core';
import type { Classifier } from '@trendscope/pipeline/classify/classifier';
import { trendCategory, voters } from '@trendscope/pipeline/detect/trend-category';

/** A classifier that reads the answer off the text: "<category> <confidence> ...". */
const fake: Classifier = {
  classify(text: string) {
    const [category, confidence] = text.split(' ');
    return { category: category as Category, confidence: Number(confidence) };
  },
  probabilities: () => [],
  usesEmbedding: false,
  needsEmbedding: () => false,
};

describe('a trend category as the confidence-weighted vote of its members', () => {
  it('lets many members outvote a few confident early ones', () => {
    const members = [
      { title: 'technology 1.0 first' },
      { title: 'technology 1.0 second' },
      { title: 'business 0.6 a' },
      { title: 'business 0.6 b' },
      { title: 'business 0.6 c' },
      { title: 'business 0.6 d' },
    ];
    expect(trendCategory(members, fake)).to.deep.equal({ category: 'business', confidence: 0.545 });
  });
  it('weighs by confidence, not by heads', () => {
    const members = [{ title: 'politics 0.9 x' }, { title: 'world 0.4 y' }, { title: 'world 0.4 z' }];
    expect(trendCategory(members, fake).category).to.equal('politics');
  });
  it('classifies each member on its headline and lead', () => {
    const seen: string[] = [];
    const spy: Classifier = { ...fake, classify: (t) => (seen.push(t), { category: 'health', confidence: 1 }) };
    trendCategory([{ title: 'A', description: 'lead' }, { title: 'B', body: 'body' }, { title: 'C' }], spy);
    expect(seen).to.deep.equal(['A. lead', 'B. body', 'C']);
  });
  it('asks at most 100 members, spread over the trend', () => {
    let calls = 0;
    const counting: Classifier = { ...fake, classify: () => (calls++, { category: 'sports', confidence: 0.5 }) };
    trendCategory(
      Array.from({ length: 1000 }, (_, i) => ({ title: `t${i}` })),
      counting,
    );
    expect(calls).to.equal(100);
  });
  it('answers other with confidence 0 when no member gives any evidence', () => {
    expect(trendCategory([{ title: 'other 0 nothing' }], fake)).to.deep.equal({ category: 'other', confidence: 0 });
  });
  it("hands each voter's text embedding to the classifier, the texts detectEmbeddings embeds", () => {
    const seen: (string | undefined)[] = [];
    const reading: Classifier = {
      ...fake,
      classify: (t, e) => (seen.push(e ? `${t}:${e[0]}` : t), { category: 'world', confidence: 1 }),
    };
    const members = [{ title: 'A', description: 'lead' }, { title: 'B' }];
    const embedText = (t: string): Float32Array | undefined => (t === 'A. lead' ? Float32Array.of(7) : undefined);
    trendCategory(members, reading, embedText);
    expect(seen).to.deep.equal(['A. lead:7', 'B']);
    expect(voters(Array.from({ length: 1000 }, (_, i) => i))).to.have.length(100);
  });
});
