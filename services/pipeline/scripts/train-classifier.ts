/**
 * Rebuilds services/pipeline/models/category-model.json from the labelled corpora in
 * ../shared/corpus (UCI News Aggregator, BBC News, Giveme5W1H; never AG News, which is the
 * held-back evaluation). Run: `npm run train:classifier -w services/pipeline`.
 */
import { writeFileSync } from 'node:fs';
import { createClassifier, DEFAULT_MODEL_PATH } from '../src/classify/classifier';
import { trainCategoryModel } from '../src/classify/train-model';
import { evaluateAgNews } from './classifier/evaluate-ag-news';
import { buildTrainingSamples } from './classifier/training-samples';

const started = Date.now();
const samples = buildTrainingSamples();
const model = trainCategoryModel(samples);
model.meta.trained_on = ['uci-news-aggregator', 'bbc-news-fulltext (deduplicated)', 'giveme5w1h-news-cluster'];
const json = JSON.stringify(model);
writeFileSync(DEFAULT_MODEL_PATH, `${json}\n`);
const evaluation = evaluateAgNews(createClassifier(model));
process.stdout.write(
  `${JSON.stringify(
    {
      samples: samples.length,
      model_bytes: json.length,
      seconds: (Date.now() - started) / 1000,
      ag_news: evaluation,
    },
    null,
    2,
  )}\n`,
);
