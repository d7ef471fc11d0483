import { expect } from 'chai';
import {
  blockModel,
  blockProbability,
  keptBlocks,
  type BlockModel,
} from '@trendscope/pipeline/extract/block-classifier';
import { BLOCK_FEATURE_NAMES } from '@trendscope/pipeline/extract/block-features';
import { extractArticle } from '@trendscope/pipeline/extract/extract-article';

/** A one-split model on the first feature: below 1 the block is boilerplate (p ~ 0.12), above text (p ~ 0.88). */
const SPLIT: Pick<BlockModel, 'base' | 'rate' | 'trees'> = {
  base: 0,
  rate: 1,
  trees: [{ feature: 0, at: 1, low: -2, high: 2 }],
};

describe('block classifier', () => {
  it('sums the trees of a model into a probability', () => {
    expect(blockProbability(SPLIT, [0.5])).to.be.closeTo(1 / (1 + Math.exp(2)), 1e-9);
    expect(blockProbability(SPLIT, [3])).to.be.closeTo(1 / (1 + Math.exp(-2)), 1e-9);
  });

  it('drops what the rules keep below keep_below and brings back what they drop at rescue_at', () => {
    const blocks = [
      { text: 'a long paragraph of article text '.repeat(5), ruleDrops: false },
      { text: 'Share this', ruleDrops: false },
      { text: 'a paragraph the rules dropped', ruleDrops: true },
      { text: 'Related', ruleDrops: true },
    ];
    const verdicts = keptBlocks({ keep_below: 0.3, rescue_at: 0.8 }, blocks, [0.9, 0.1, 0.85, 0.5]);
    expect(verdicts).to.deep.equal([true, false, true, false]);
  });

  it('never trims most of what the rules keep: then only the rescues apply', () => {
    const blocks = [
      { text: 'first half of the article', ruleDrops: false },
      { text: 'second half of the article', ruleDrops: false },
      { text: 'a rescued paragraph', ruleDrops: true },
    ];
    const verdicts = keptBlocks({ keep_below: 0.5, rescue_at: 0.8 }, blocks, [0.2, 0.2, 0.9]);
    expect(verdicts).to.deep.equal([true, true, true]);
  });

  it('loads the committed model, built for the features the extractor computes', () => {
    const model = blockModel();
    expect(model, 'services/pipeline/models/block-classifier.json').to.not.equal(null);
    expect(model?.features).to.deep.equal([...BLOCK_FEATURE_NAMES]);
    expect(model?.trees.length).to.be.greaterThan(10);
    expect(model?.keep_below).to.be.within(0, 1);
  });

  it('gives every block of a page one feature vector of the model width', () => {
    const html = `<html><body><nav><a href="/">Home</a></nav><article><h1>Title</h1>
      <p>First paragraph of the article, long enough to count as prose in any language, with commas.</p>
      <p>Second paragraph of the article, again long enough to count as prose, with commas too.</p>
      <div class="share"><a href="/s">Share</a> <a href="/t">Post</a></div></article></body></html>`;
    const seen: number[][] = [];
    extractArticle(html, { url: 'https://example.org/a', onBlocks: (_, features) => seen.push(...features) });
    expect(seen.length).to.be.greaterThan(1);
    for (const x of seen) expect(x).to.have.length(BLOCK_FEATURE_NAMES.length);
  });
});
