/**
 * Fills the embedding cache (sentence-embeddings.ts) with the training texts a sentence block reads
 * (`lead`: headlines, AG News rows, each article's first chunk); the validation items are among them.
 * AG News rows first (the expert's block needs only them). About 10 CPU-minutes with MiniLM the
 * first time, resumable. Run:
 * `nice -n 10 node --import tsx services/pipeline/lab/evaluate/classifier/embed-training-texts.ts`;
 * `--part 0/2` embeds every second text from the first (one process per core; give each its own
 * TRENDSCOPE_CACHE and PIPELINE_ENCODER_DIR, then append the part files to .cache/embeddings/'s).
 * PIPELINE_ENCODER names the encoder (src/embed/encoder-files.ts).
 */
import '@trendscope/core/require-project-node';
import { COMMITTED_MODEL_SETTINGS } from '../../train/classifier/model-settings';
import { cachedEmbeddings } from './sentence-embeddings';
import { atMost, numberList, readCommandLine } from '../../command-line';
import { buildTrainingSamples } from '../../train/classifier/training-samples';

const started = Date.now();
const [part, parts] = readCommandLine(
  'embed-training-texts.ts [--part 0/2]',
  { part: { type: 'string', default: '0/1' } },
  ({ values, positionals }) => {
    atMost(0, positionals);
    const [n, of, ...more] = numberList(values.part.replace('/', ','));
    if (of === undefined || more.length > 0 || !(n! >= 0 && n! < of)) throw new Error(`not a part N/M: ${values.part}`);
    return [n!, of] as const;
  },
);
const leads = buildTrainingSamples(COMMITTED_MODEL_SETTINGS.samples).filter((s) => s.lead);
const ordered = [...leads.filter((s) => s.source === 'ag'), ...leads.filter((s) => s.source !== 'ag')];
const texts = [...new Set(ordered.map((s) => s.text))].filter((_, i) => i % parts === part);
await cachedEmbeddings(texts);
process.stdout.write(`${texts.length} texts embedded or cached in ${(Date.now() - started) / 1000} s\n`);
