import { expect } from 'chai';
import { createClassifier, loadCategoryModelFile } from '@trendscope/pipeline/classify/classifier';
import { decodeEmbedding, encodeEmbedding } from '@trendscope/pipeline/embed/compact-embedding';
import { ENCODER_ID } from '@trendscope/pipeline/embed/encoder-files';
import { cachedEmbeddings } from '@trendscope/pipeline/lab/evaluate/classifier/sentence-embeddings';
import {
  crossValidate,
  foldOfGroup,
  validationItems,
  type ValidationItem,
} from '@trendscope/pipeline/lab/evaluate/classifier/cross-validate';
import {
  COMMITTED_MODEL_SETTINGS,
  trainingEmbeddings,
  trainModel,
  type ModelSettings,
} from '@trendscope/pipeline/lab/train/classifier/model-settings';
import { DEFAULT_TRAIN_OPTIONS, type SentenceLookup } from '@trendscope/pipeline/lab/train/classifier/train-model';
import { buildTrainingSamples } from '@trendscope/pipeline/lab/train/classifier/training-samples';

/**
 * The committed settings trained on every tenth UCI row (and every row of the other corpora): the
 * encoder reads 18,270 training texts, a couple of minutes of CPU on a fresh clone, where the
 * committed model's 121,655 take 10-15 (`make model` and the five-fold figures of docs/quality.md).
 */
const BOUNDED: ModelSettings = {
  ...COMMITTED_MODEL_SETTINGS,
  samples: { ...COMMITTED_MODEL_SETTINGS.samples, uciEvery: 10 },
};

/** Fold 0's held-out items, UCI's cut to every tenth (about 2,000 headlines) like its training rows. */
function boundedFold0(): ValidationItem[] {
  let uci = 0;
  return validationItems().filter((i) => foldOfGroup(i.group) === 0 && (i.corpus !== 'uci' || uci++ % 10 === 0));
}

describe('category classifier quality (held-out folds of the four labelled corpora)', function () {
  // Embeds about 20,000 texts on a fresh clone (a later run reads them from .cache/embeddings).
  this.timeout(1_800_000);

  it('was trained on all four labelled corpora, AG News included', () => {
    const trainedOn = (loadCategoryModelFile().meta.trained_on as string[]).join(' ');
    for (const corpus of [/ag-news/, /bbc-news/, /uci-news/, /giveme5w1h/]) expect(trainedOn).to.match(corpus);
  });

  it('records the committed settings, encoder and training rows (what `make model` trains; no retrain here)', () => {
    const model = loadCategoryModelFile();
    const samples = buildTrainingSamples(COMMITTED_MODEL_SETTINGS.samples);
    expect(model.meta.options, 'run `make model` and commit the model').to.deep.equal({
      ...DEFAULT_TRAIN_OPTIONS,
      ...COMMITTED_MODEL_SETTINGS.train,
    });
    expect(model.meta.samples).to.equal(samples.length);
    const perClass: Record<string, number> = {};
    for (const s of samples) perClass[s.category] = (perClass[s.category] ?? 0) + 1;
    expect(model.meta.samples_per_class).to.deep.equal(perClass);
    expect(model.sentence?.encoder).to.equal(ENCODER_ID);
    const expert = COMMITTED_MODEL_SETTINGS.expert!;
    expect(model.expert).to.deep.include({ corpus: expert.corpus, weight: expert.weight });
    expect(model.expert!.sentence_gate).to.equal(expert.sentenceGate);
    expect(model.expert!.model.meta.samples).to.equal(samples.filter((s) => s.source === expert.corpus).length);
    if (expert.neighbours) {
      const { k, weight, minGate } = expert.neighbours;
      expect(model.expert!.neighbours).to.deep.include({ k, weight, min_gate: minGate });
      expect(model.expert!.neighbours!.labels).to.have.length(samples.filter((s) => s.source === expert.corpus).length);
    } else expect(model.expert!.neighbours).to.equal(undefined);
  });

  it('labels held-out rows of each corpus at the accuracy reached (fold 0 of 5, split by story; a tenth of UCI)', async () => {
    const s = await crossValidate(BOUNDED, [0], boundedFold0());
    process.stdout.write(`      fold 0, bounded: ${JSON.stringify(s.corpus)}\n`);
    // Reached 0.899 / 0.964 / 0.866 / 0.771 for AG News, BBC, UCI, Giveme5W1H (2026-12-07, with the
    // political stories trained as politics; 0.900 / 0.964 / 0.867 / 0.795 before). Giveme5W1H's
    // fold 0 is 83 articles of 14 events, so one event moves it by points. UCI's `t` stories of the
    // car industry and fuel prices are trained as business (70 of their headlines read: all
    // business) and the stories of politics-readings.tsv as politics, so UCI is held to its labels
    // with those stories read (`uci-read`, reached 0.901;
    // 0.903 with the model trained without the politics readings, 0.904 scoring without them).
    // Against UCI's corpus labels those rows count wrong: the car relabel took fold 0 from 0.881 to
    // 0.867, so that floor is the earlier 0.875 lowered by that 0.014 and no more.
    expect(s.corpus.ag).to.be.at.least(0.885);
    expect(s.corpus.bbc).to.be.at.least(0.96);
    expect(s.corpus['uci-read']).to.be.at.least(0.9);
    expect(s.corpus.uci).to.be.at.least(0.861);
    expect(s.corpus.giveme).to.be.at.least(0.75);
  });

  it('retrains alike from embeddings that differ in their last digits (a fixed subset of the rows)', async () => {
    // onnxruntime's floats may differ between machines, so no retrain is compared byte for byte: the
    // embeddings rounded to int8 (each dimension off by up to 1/254 of the largest, far more than
    // such differences) must give a model that answers as the exact ones' does.
    // A tenth of the SGD steps too: the check is of the procedure, not of the shipped accuracy.
    const settings = { ...BOUNDED, train: { ...BOUNDED.train, perClassPerEpoch: 600 } };
    const samples = buildTrainingSamples(BOUNDED.samples).filter((_, i) => i % 10 === 0);
    const exact = (await trainingEmbeddings(samples, settings))!;
    const rounded: SentenceLookup = (t) => {
      const v = exact(t);
      return v && decodeEmbedding(t, encodeEmbedding(t, v));
    };
    const a = createClassifier(trainModel(samples, settings, exact));
    const b = createClassifier(trainModel(samples, settings, rounded));
    const items = boundedFold0();
    const embedding = await cachedEmbeddings(items.map((i) => i.text));
    let same = 0;
    for (const { text } of items) {
      if (a.classify(text, embedding(text)).category === b.classify(text, embedding(text)).category) same++;
    }
    process.stdout.write(`      ${same} of ${items.length} held-out answers alike\n`);
    expect(same / items.length).to.be.at.least(0.99);
  });
});
