/**
 * Rebuilds services/pipeline/models/category-model.json from the four labelled corpora in
 * ../shared/corpus (UCI News Aggregator, BBC News, Giveme5W1H, the AG News half). Held-out figures
 * come from lab/evaluate/classifier/cross-validate.ts. Run: `npm run train:classifier -w services/pipeline`.
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, readCommandLine } from '../command-line';
import { writeFileSync } from 'node:fs';
import { DEFAULT_MODEL_PATH } from '../../src/classify/classifier';
import { buildCommittedModel, modelFileText } from './classifier/model-settings';

readCommandLine('train-classifier.ts (writes models/category-model.json)', {}, ({ positionals }) =>
  atMost(0, positionals),
);

const started = Date.now();
const { model, samples } = await buildCommittedModel();
const json = modelFileText(model);
writeFileSync(DEFAULT_MODEL_PATH, json);
process.stdout.write(
  `${JSON.stringify({ samples, model_bytes: json.length, seconds: (Date.now() - started) / 1000 }, null, 2)}\n`,
);
