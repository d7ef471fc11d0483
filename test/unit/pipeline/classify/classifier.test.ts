import { appendFileSync, copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { CATEGORIES } from '@trendscope/core';
import { DEFAULT_MODEL_PATH, lazyClassifier, loadClassifier } from '@trendscope/pipeline/classify/classifier';

describe('category classifier', () => {
  const classifier = loadClassifier();

  it('is loaded once and reused', () => {
    expect(loadClassifier()).to.equal(classifier);
  });

  it('is loaded again once its file is replaced (a long-lived worker picks up a refitted model)', function () {
    this.timeout(20_000);
    const dir = mkdtempSync(path.join(tmpdir(), 'classifier-'));
    try {
      const file = path.join(dir, 'model.json');
      copyFileSync(DEFAULT_MODEL_PATH, file);
      const first = loadClassifier(file);
      expect(loadClassifier(file)).to.equal(first);
      appendFileSync(file, '\n');
      const second = loadClassifier(file);
      expect(second).to.not.equal(first);
      expect(loadClassifier(file)).to.equal(second);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is not read by a lazy classifier until it is first used', () => {
    const missing = lazyClassifier(path.join(tmpdir(), 'no-such-category-model.json'));
    expect(() => missing.classify('Shares fall')).to.throw();
    const lazy = lazyClassifier();
    expect(lazy.classify('Striker scores twice as United beat Chelsea')).to.deep.equal(
      classifier.classify('Striker scores twice as United beat Chelsea'),
    );
    expect(lazy.usesEmbedding).to.equal(classifier.usesEmbedding);
  });

  it('labels clear cases from each of several categories', () => {
    expect(classifier.classify('Striker scores twice as United beat Chelsea in the Premier League').category).to.equal(
      'sports',
    );
    expect(
      classifier.classify('Shares fall as quarterly earnings miss forecasts; investors sell stock').category,
    ).to.equal('business');
    expect(classifier.classify('New smartphone chip and software update from Apple and Google').category).to.equal(
      'technology',
    );
    expect(classifier.classify('Actress wins Oscar for best film role at Hollywood awards').category).to.equal(
      'entertainment',
    );
    expect(classifier.classify('Vaccine trial cuts flu deaths, doctors and patients report').category).to.equal(
      'health',
    );
  });

  it('answers other with confidence 0 when the text has no known word', () => {
    expect(classifier.classify('')).to.deep.equal({ category: 'other', confidence: 0 });
    expect(classifier.classify('qwxz vvbnm')).to.deep.equal({ category: 'other', confidence: 0 });
  });

  it('gives a taxonomy category and a probability', () => {
    const r = classifier.classify('Parliament votes on the budget');
    expect(CATEGORIES).to.include(r.category);
    expect(r.confidence).to.be.within(0, 1);
    const sum = classifier.probabilities('Parliament votes on the budget').reduce((a, b) => a + b.p, 0);
    expect(sum).to.be.closeTo(1, 1e-9);
  });
});
