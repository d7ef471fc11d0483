/**
 * Rebuilds services/pipeline/models/category-model.json from the labelled corpora in
 * ../shared/corpus (UCI News Aggregator, BBC News, Giveme5W1H; never AG News, which is the
 * held-back evaluation). Run: `npm run train:classifier -w services/pipeline`.
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { writeFileSync } from 'node:fs';
import { createClassifier, DEFAULT_MODEL_PATH } from '../src/classify/classifier';
import { evaluateAgNews } from './classifier/evaluate-ag-news';
import { buildCommittedModel, modelFileText } from './classifier/model-settings';

const started = Date.now();
const { model, samples } = buildCommittedModel();
const json = modelFileText(model);
writeFileSync(DEFAULT_MODEL_PATH, json);
const evaluation = evaluateAgNews(createClassifier(model));
process.stdout.write(
  `${JSON.stringify(
    {
      samples,
      model_bytes: json.length,
      seconds: (Date.now() - started) / 1000,
      ag_news: evaluation,
    },
    null,
    2,
  )}\n`,
);
