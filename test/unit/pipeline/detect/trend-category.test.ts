import { expect } from 'chai';
import type { Category } from '@trendscope/core';
import type { Classifier } from '@trendscope/pipeline/classify/classifier';
import { memberAnswer, trendCategory, voters } from '@trendscope/pipeline/detect/trend-category';

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

describe("a member's vote read against what its headline reports", () => {
  /** A classifier that answers the first word of the text, and ranks politics next. */
  const answering = (category: Category): Classifier => ({
    ...fake,
    classify: () => ({ category, confidence: 0.8 }),
    probabilities: () => [
      { category, p: 0.8 },
      { category: 'politics', p: 0.15 },
      { category: 'world', p: 0.05 },
    ],
  });
  it("votes business for a company's takeover answered technology", () => {
    const members = [{ title: 'Broadcom Raises Qualcomm Hostile Bid to About $121 Billion' }];
    expect(trendCategory(members, answering('technology'))).to.deep.equal({ category: 'business', confidence: 1 });
    expect(memberAnswer(members[0]!.title, members[0]!.title, answering('technology'))).to.deep.equal({
      category: 'business',
      confidence: 0.8,
    });
  });
  it('leaves a technology answer on a product story', () => {
    const members = [{ title: 'Samsung Galaxy S5 hands-on review' }];
    expect(trendCategory(members, answering('technology')).category).to.equal('technology');
  });
  it("votes a crime with no company as its subject the classifier's best category but business", () => {
    const title = 'Prosecutors oppose McDonnell bid for more details';
    expect(memberAnswer(title, title, answering('business'))).to.deep.equal({ category: 'politics', confidence: 0.15 });
    expect(trendCategory([{ title }], answering('business')).category).to.equal('politics');
  });
  it('leaves business on a company charged with fraud', () => {
    const title = 'JPMorgan charged with fraud over mortgage bonds';
    expect(memberAnswer(title, title, answering('business')).category).to.equal('business');
  });
  it('votes a crime with no company answered technology its best category but business and technology', () => {
    const title = "Louisiana man 'middle man' in 'Nigerian prince' scam";
    expect(memberAnswer(title, title, answering('technology'))).to.deep.equal({
      category: 'politics',
      confidence: 0.15,
    });
  });
  it('votes other for a crime in a US state whose next category is world, and leaves one with no state', () => {
    const worldNext: Classifier = {
      ...fake,
      classify: () => ({ category: 'business', confidence: 0.9 }),
      probabilities: () => [
        { category: 'business', p: 0.9 },
        { category: 'world', p: 0.001 },
        { category: 'politics', p: 0.0005 },
      ],
    };
    const scam = "Alleged 'Nigerian prince' scammer nabbed in Louisiana";
    expect(memberAnswer(scam, scam, worldNext)).to.deep.equal({ category: 'other', confidence: 0.9 });
    const trial = 'Prosecutors oppose McDonnell bid for more details';
    expect(memberAnswer(trial, trial, worldNext)).to.deep.equal({ category: 'world', confidence: 0.001 });
    // A state named, but the next category is not world; a country named Georgia: as before.
    expect(memberAnswer(scam, scam, answering('business'))).to.deep.equal({ category: 'politics', confidence: 0.15 });
    const georgia = 'Tourist arrested in Georgia over drug charges';
    expect(memberAnswer(georgia, georgia, worldNext).category).to.equal('world');
  });
  it('votes other for an accident, the weather or a flight mishap answered business, technology or entertainment', () => {
    for (const [title, answer] of [
      ['New York Metro-North worker struck and killed by train', 'business'],
      ['Erie smashes snowfall record with flakes still falling', 'business'],
      ["LA-Tokyo flight turns back after 'unauthorized' passenger discovered", 'entertainment'],
      ['A small bird managed to take over a Delta flight', 'technology'],
    ] as const) {
      expect(memberAnswer(title, title, answering(answer)), title).to.deep.equal({
        category: 'other',
        confidence: 0.8,
      });
    }
    const members = [{ title: 'NYC subway work trains collide in tunnel, 1 worker injured' }];
    expect(trendCategory(members, answering('business'))).to.deep.equal({ category: 'other', confidence: 1 });
  });
  it('leaves a foreign accident answered world as international news, and a health answer', () => {
    const title = 'Tourist Ship Strikes Highway Bridge in Germany; 25 Hurt';
    expect(memberAnswer(title, title, answering('world')).category).to.equal('world');
    expect(memberAnswer('Hospital: patients hurt in fire', 'x', answering('health')).category).to.equal('health');
  });
  it("votes business for a traded asset's move answered technology, technology for a device leak answered business", () => {
    const move = 'Bitcoin price falls below $6,000 as banker signals crackdown';
    expect(memberAnswer(move, move, answering('technology'))).to.deep.equal({ category: 'business', confidence: 0.8 });
    const leak = 'Samsung’s Galaxy S9 leaked in pics ahead of rumoured February launch';
    expect(memberAnswer(leak, leak, answering('business'))).to.deep.equal({ category: 'technology', confidence: 0.8 });
  });
  it("votes other for a company's staff caught in a crime, with the answer confidence", () => {
    const sure: Classifier = {
      ...fake,
      classify: () => ({ category: 'business', confidence: 0.99 }),
      probabilities: () => [
        { category: 'business', p: 0.99 },
        { category: 'entertainment', p: 0.004 },
      ],
    };
    const title = 'Amazon and Microsoft employees caught up in sex trafficking sting';
    expect(memberAnswer(title, title, sure)).to.deep.equal({ category: 'other', confidence: 0.99 });
  });
});
