import { writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Category } from '@trendscope/core';
import { loadClassifier } from '@trendscope/pipeline/classify/classifier';
import { buildTrend, type TrendMember } from '@trendscope/pipeline/detect/build-trend';
import { detectEmbeddings } from '@trendscope/pipeline/detect/detect-embeddings';
import { backgroundIdf } from '@trendscope/pipeline/detect/idf';
import { businessImpact, type ImpactBreakdown } from '@trendscope/pipeline/detect/impact';
import { IMPACT_FEATURES } from '@trendscope/pipeline/detect/impact-features';
import { DEFAULT_IMPACT_MODEL_PATH, loadImpactModel, type ImpactModel } from '@trendscope/pipeline/detect/impact-model';
import { impactRow, ratedInput } from '@trendscope/pipeline/lab/train/impact-model/impact-rows';
import { loadRatedStories, type RatedStory } from '@trendscope/pipeline/lab/corpus/rated-stories';
import { predictRidge, type RidgeFit } from '@trendscope/pipeline/lab/train/impact-model/ridge';
import { buildTrendMember } from '../../../support/trend-member';

/** The committed model as the fitter's ridge fit: text columns then embedding columns. */
function asFit(model: ImpactModel, columns: 'all' | 'embedding'): RidgeFit {
  const e = model.embedding;
  return columns === 'all'
    ? {
        mean: [...model.mean, ...e.mean],
        scale: [...model.scale, ...e.scale],
        weights: [...model.weights, ...e.weights],
        bias: model.bias,
      }
    : { mean: e.mean, scale: e.scale, weights: e.weights, bias: 0 };
}

/** A trend made of a rated story's reports: one article per headline, the lead as the first one's description. */
function membersOf(s: RatedStory): TrendMember[] {
  const t0 = Date.parse('2026-11-20T08:00:00Z');
  return s.headlines.map((title, i) => {
    const domain = s.domains[i % Math.max(1, s.domains.length)] ?? 'news.example';
    return buildTrendMember(i, t0 + i * 600_000, title, domain, {
      id: `${s.id}-${i}`,
      description: i === 0 && s.lead ? s.lead : null,
      word_count: 300,
      simhash: (0x1000 + i).toString(16).padStart(16, '0'),
    });
  });
}

// The impact model is fitted on scripts/impact-model's rows; detection scores through build-trend,
// headline-embeddings and impact.ts. Both must give a rated story the same prediction, or the
// served score is not the one whose held-out figures docs/quality.md reports.
describe('business impact: the run-time path scores a rated story as the fitter does', function () {
  this.timeout(60_000);
  const model = loadImpactModel();
  const classifier = loadClassifier();
  // UCI stories (headlines only) and Giveme5W1H events (with a lead), business and not.
  const all = loadRatedStories();
  const stories = [
    ...all.filter((s) => s.id.startsWith('uci:')).slice(0, 6),
    ...all.filter((s) => s.id.startsWith('giveme:')).slice(0, 3),
  ];

  it('businessImpact with the headlines embedding gives the fitted prediction, every part finite', async () => {
    for (const s of stories) {
      const row = await impactRow(s, classifier);
      const fitted = predictRidge(asFit(model, 'all'), row);
      expect(Number.isFinite(fitted), s.id).to.equal(true);
      const probs = classifier.probabilities([...s.headlines, s.lead].filter(Boolean).join('. '));
      const categories = Object.fromEntries(probs.map((p) => [p.category, p.p])) as Partial<Record<Category, number>>;
      const served = businessImpact(
        { ...ratedInput(s, categories), embedding: row.slice(IMPACT_FEATURES.length) },
        model,
      );
      expect(served.total, s.id).to.be.closeTo(fitted, 0.006);
      for (const [name, part] of Object.entries(served.parts))
        expect(Number.isFinite(part.points), name).to.equal(true);
    }
  });

  it("detection's headline embedding of a trend built from a rated story gives the fitted meaning part", async () => {
    const idf = backgroundIdf();
    for (const s of stories) {
      const members = membersOf(s);
      const { embedText, fresh } = await detectEmbeddings([members], idf, classifier, { warn: () => undefined });
      expect(fresh.size, 'the encoder is installed').to.be.greaterThan(0);
      const trend = buildTrend('tr_aaaaaaaaaaaaaaaa', members, {
        now: new Date('2026-11-21T00:00:00Z'),
        classifier,
        idf,
        domainQuality: new Map(),
        embedText,
      });
      const breakdown = trend.score_breakdown.business_impact as ImpactBreakdown;
      const row = await impactRow(s, classifier);
      const fittedMeaning = predictRidge(asFit(model, 'embedding'), row.slice(IMPACT_FEATURES.length));
      expect(breakdown.parts.meaning!.value, s.id).to.equal(1);
      expect(breakdown.parts.meaning!.points, s.id).to.be.closeTo(fittedMeaning, 0.011);
    }
  });

  it('refuses a model file whose scale would divide by zero', () => {
    const committed = loadImpactModel(DEFAULT_IMPACT_MODEL_PATH);
    const scale = [...committed.embedding.scale];
    scale[7] = 0;
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'impact-')), 'model.json');
    writeFileSync(file, JSON.stringify({ ...committed, embedding: { ...committed.embedding, scale } }));
    expect(() => loadImpactModel(file)).to.throw(/embedding\.scale\[7\] is 0/);
  });
});
