import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { DEFAULT_MODEL_PATH, loadCategoryModelFile, loadClassifier } from '@trendscope/pipeline/classify/classifier';
import { evaluateAgNews } from '@trendscope/pipeline/scripts/classifier/evaluate-ag-news';
import { buildCommittedModel, modelFileText } from '@trendscope/pipeline/scripts/classifier/model-settings';

// The committed model was trained without AG News (see its meta.trained_on); figures in the README.
describe('category classifier quality (AG News half, held back from training)', function () {
  this.timeout(60_000);

  it('was trained on corpora that exclude AG News', () => {
    const trainedOn = loadCategoryModelFile().meta.trained_on as string[];
    expect(trainedOn).to.be.an('array').that.is.not.empty;
    expect(trainedOn.join(' ')).not.to.match(/ag.?news/i);
  });

  it('is the file that `make model` rebuilds from the corpora, byte for byte', () => {
    const rebuilt = modelFileText(buildCommittedModel().model);
    expect(rebuilt === readFileSync(DEFAULT_MODEL_PATH, 'utf8'), 'run `make model` and commit the model').to.equal(
      true,
    );
  });

  it('labels the 3,785 AG News rows with strict accuracy >= 0.70 and lenient >= 0.77', () => {
    const e = evaluateAgNews(loadClassifier());
    process.stdout.write(
      `      ag-news ${e.rows} rows: strict ${e.strict}, world-accepts-politics ${e.worldPolitics}, lenient ${e.lenient}\n` +
        `      per class: ${JSON.stringify(e.perClass)}\n`,
    );
    expect(e.rows).to.equal(3785);
    expect(e.strict).to.be.at.least(0.7);
    expect(e.worldPolitics).to.be.at.least(0.76);
    expect(e.lenient).to.be.at.least(0.77);
    expect(e.perClass.world!.strict).to.be.at.least(0.46);
    expect(e.perClass.sports!.strict).to.be.at.least(0.81);
  });
});
