import { expect } from 'chai';
import { tfidfVector } from '@trendscope/pipeline/classify/features';
import { evidenceTerms, type DomainEvidence } from '@trendscope/pipeline/score/domain-evidence';
import { estimateRating, textPart, type DomainEstimator } from '@trendscope/pipeline/score/domain-estimate';
import { trainDomainEstimator } from '@trendscope/pipeline/lab/train/domain-quality/train-domain-estimator';

function evidence(titles: string[], stories = 0, ratingSum = 0): DomainEvidence {
  return {
    domain: 'example.com',
    titles,
    urls: titles.map((_, i) => `https://example.com/news/${i}`),
    articles: titles.length,
    coverage: { stories, rating_sum: ratingSum },
  };
}

describe('domain quality estimator', () => {
  // Outlets whose headlines speak of inquiries and budgets are rated high, gossip low.
  const rated = [
    ...Array.from({ length: 20 }, (_, i) => ({
      domain: `serious${i}.example`,
      rating: 0.9,
      evidence: evidence(['Parliament inquiry into budget', `Central bank budget report ${i}`], 3, 2.7),
    })),
    ...Array.from({ length: 20 }, (_, i) => ({
      domain: `gossip${i}.example`,
      rating: 0.2,
      evidence: evidence(['Shocking celebrity secret revealed', `You will not believe this diet ${i}`], 3, 0.9),
    })),
  ];
  // Shape features off: in this toy set headline lengths alone would separate the two kinds.
  const model = trainDomainEstimator(rated, { use: { text: true, coverage: true, articles: true, shape: false } });

  it('ranks an unseen outlet by what it writes and who covers the same stories', () => {
    const serious = estimateRating(model, evidence(['Budget inquiry opens in parliament'], 2, 1.8));
    const gossip = estimateRating(model, evidence(['Celebrity diet secret revealed'], 2, 0.6));
    expect(serious.rating).to.be.above(0.7);
    expect(gossip.rating).to.be.below(0.4);
  });

  it('keeps the estimate within 0..1 and its parts adding up before the clamp', () => {
    const e = estimateRating(model, evidence(['Budget inquiry budget inquiry budget'], 50, 50));
    expect(e.rating).to.be.within(0, 1);
    const sum = e.parts.intercept + e.parts.text + e.parts.coverage + e.parts.log_articles + e.parts.shape;
    expect(Math.min(1, Math.max(0, sum))).to.be.closeTo(e.rating, 1e-12);
  });

  it('reads only its own terms: a headline word such as "constructor" is not a term of Object', () => {
    const e = estimateRating(model, evidence(['Constructor toString valueOf hasOwnProperty'], 0, 0));
    expect(Number.isFinite(e.rating)).to.equal(true);
  });

  it('sums the text part as the TF-IDF vector of its known terms does, to the last bit', () => {
    // The vector over the sample's known terms, indexed in the order they first appear.
    const reference = (m: DomainEstimator, e: DomainEvidence): number => {
      const terms = evidenceTerms(e);
      const known = [...new Set(terms)].filter((t) => Object.hasOwn(m.terms, t));
      const ids = new Map(known.map((t, i) => [t, i]));
      const vec = tfidfVector(terms, (t) => (ids.has(t) ? { index: ids.get(t)!, idf: m.terms[t]![0] } : undefined));
      let text = 0;
      vec.indexes.forEach((i, j) => (text += m.terms[known[i]!]![1] * vec.values[j]!));
      return text;
    };
    const samples = [
      evidence(['Budget inquiry budget inquiry budget', 'Celebrity secret budget', 'Central bank report 7']),
      evidence(['Constructor toString valueOf', 'Shocking diet inquiry', 'You will not believe this budget']),
      evidence(['Nothing the model knows']),
      evidence([]),
    ];
    for (const e of samples) expect(textPart(model, e)).to.equal(reference(model, e));
    expect(textPart(model, samples[0]!)).to.not.equal(0);
  });

  it('answers the prior for a domain with nothing known', () => {
    const e = estimateRating(model, {
      domain: 'example.com',
      titles: [],
      urls: [],
      articles: 0,
      coverage: { stories: 0, rating_sum: 0 },
    });
    expect(Number.isFinite(e.rating)).to.equal(true);
    expect(e.coverage).to.be.closeTo(model.prior, 1e-9);
  });

  it('gives shape features no weight when fitted without them, and weights when fitted with them', () => {
    expect(model.shape).to.deep.equal({});
    expect(estimateRating(model, evidence(['Budget inquiry opens in parliament'], 2, 1.8)).parts.shape).to.equal(0);
    const shaped = trainDomainEstimator(rated);
    expect(Object.keys(shaped.shape)).to.have.length.above(0);
    const e = estimateRating(shaped, evidence(['Shocking celebrity secret revealed!'], 2, 0.6));
    const sum = e.parts.intercept + e.parts.text + e.parts.coverage + e.parts.log_articles + e.parts.shape;
    expect(e.parts.shape).to.not.equal(0);
    expect(Math.min(1, Math.max(0, sum))).to.be.closeTo(e.rating, 1e-12);
  });

  it('with headline vectors, ranks an outlet whose words it never saw by their meaning', () => {
    // Headlines drawn from two pools of words, so every vector dimension varies within a kind.
    const pool = {
      serious: ['parliament', 'inquiry', 'budget', 'minister', 'treasury', 'election', 'court', 'economy', 'policy'],
      gossip: ['celebrity', 'secret', 'diet', 'shocking', 'star', 'wedding', 'romance', 'singer', 'dating'],
    };
    const headlines = (words: string[], i: number): string[] =>
      [0, 1, 2].map((k) => `${words[(i + k) % words.length]} ${words[(i * 2 + k + 4) % words.length]}`);
    const toy = (['serious', 'gossip'] as const).flatMap((kind) =>
      Array.from({ length: 30 }, (_, i) => ({
        domain: `${kind}${i}.example`,
        rating: kind === 'serious' ? 0.9 : 0.2,
        evidence: evidence(headlines(pool[kind], i)),
      })),
    );
    const model = trainDomainEstimator(toy, {
      lambda: 30,
      use: { text: false, coverage: false, articles: false, shape: false, vectors: true },
    });
    expect(model.vectors?.columns).to.have.length(100);
    const serious = estimateRating(model, evidence(['Senate probe into federal spending and taxes']));
    const gossip = estimateRating(model, evidence(['Actress gossip scandal stuns fans']));
    expect(serious.rating).to.be.above(gossip.rating + 0.2);
    // Counted in the text part: the breakdown keeps its fields.
    expect(serious.parts.text).to.be.above(gossip.parts.text);
  });
});
