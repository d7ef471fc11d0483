import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { DEFAULT_MODEL_PATH, loadCategoryModelFile } from '@trendscope/pipeline/classify/classifier';
import { crossValidate, validationItems } from '@trendscope/pipeline/lab/evaluate/classifier/cross-validate';
import {
  buildCommittedModel,
  COMMITTED_MODEL_SETTINGS,
  modelFileText,
} from '@trendscope/pipeline/lab/train/classifier/model-settings';

// Figures of every fold and corpus are in docs/quality.md; this checks fold 0 of the 5-fold split.
describe('category classifier quality (held-out folds of the four labelled corpora)', function () {
  // On a fresh clone the first rebuild embeds the 121,655 training texts into .cache/embeddings/
  // (10-15 minutes of CPU) before it trains; later runs read them back.
  this.timeout(3_600_000);

  it('was trained on all four labelled corpora, AG News included', () => {
    const trainedOn = (loadCategoryModelFile().meta.trained_on as string[]).join(' ');
    for (const corpus of [/ag-news/, /bbc-news/, /uci-news/, /giveme5w1h/]) expect(trainedOn).to.match(corpus);
  });

  it('is the file that `make model` rebuilds from the corpora, byte for byte', async () => {
    const rebuilt = modelFileText((await buildCommittedModel()).model);
    expect(rebuilt === readFileSync(DEFAULT_MODEL_PATH, 'utf8'), 'run `make model` and commit the model').to.equal(
      true,
    );
  });

  it('labels held-out rows of each corpus at the accuracy reached (fold 0 of 5, split by story)', async () => {
    const s = await crossValidate(COMMITTED_MODEL_SETTINGS, [0], validationItems());
    process.stdout.write(`      fold 0: ${JSON.stringify(s.corpus)}\n`);
    // Reached 0.895 / 0.969 / 0.897 / 0.759 (2026-11-27, with the sentence block in the main model and
    // the expert; the gated model before it: 0.887 / 0.969 / 0.893 / 0.699). Giveme5W1H's fold 0 is
    // 83 articles of 14 events, so one event moves it by points: over the 5 folds it is 0.821.
    expect(s.corpus.ag).to.be.at.least(0.89);
    expect(s.corpus.bbc).to.be.at.least(0.965);
    expect(s.corpus.uci).to.be.at.least(0.895);
    expect(s.corpus.giveme).to.be.at.least(0.75);
  });
});
