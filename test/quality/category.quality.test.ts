import { expect } from 'chai';
import { loadCategoryModelFile, loadClassifier } from '../../services/pipeline/src/classify/classifier';
import { evaluateAgNews } from '../../services/pipeline/scripts/classifier/evaluate-ag-news';

// The committed model was trained without AG News (see its meta.trained_on); figures in the README.
describe('category classifier quality (AG News half, held back from training)', function () {
  this.timeout(60_000);

  it('was trained on corpora that exclude AG News', () => {
    const trainedOn = loadCategoryModelFile().meta.trained_on as string[];
    expect(trainedOn).to.be.an('array').that.is.not.empty;
    expect(trainedOn.join(' ')).not.to.match(/ag.?news/i);
  });

  it('labels the 3,785 AG News rows with strict accuracy >= 0.68 and lenient >= 0.77', () => {
    const e = evaluateAgNews(loadClassifier());
    process.stdout.write(
      `      ag-news ${e.rows} rows: strict ${e.strict}, world-accepts-politics ${e.worldPolitics}, lenient ${e.lenient}\n` +
        `      per class: ${JSON.stringify(e.perClass)}\n`,
    );
    expect(e.rows).to.equal(3785);
    expect(e.strict).to.be.at.least(0.68);
    expect(e.worldPolitics).to.be.at.least(0.76);
    expect(e.lenient).to.be.at.least(0.77);
    expect(e.perClass.sports!.strict).to.be.at.least(0.8);
  });
});
