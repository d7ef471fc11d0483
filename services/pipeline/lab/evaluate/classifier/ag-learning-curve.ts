/**
 * How far the AG News half alone carries a model: 5-fold accuracy on AG News rows when the trainer
 * sees only AG News rows, at 25/50/75/100 % of each fold's training rows (a steep rise at 100 %
 * says more in-domain rows are the lever). Run: `node --import tsx
 * lab/evaluate/classifier/ag-learning-curve.ts [--train '{"rawWords":true}'] [--shares 0.25,0.5,0.75,1]`.
 * `--embed split` gives a sentence block the title's and the description's embeddings side by side
 * (768 dimensions) instead of the embedding of "title. description" (`joint`, the default);
 * `joint+title` the joint one and the title's; `mean` the mean of the title's and the description's
 * embeddings (384 dimensions, as the joint one).
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { createClassifier } from '../../../src/classify/classifier';
import { trainCategoryModel, type TrainingSample, type TrainOptions } from '../../train/classifier/train-model';
import { loadAgNews } from '../../corpus/ag-news.corpus';
import { foldOf } from '../../corpus/fold-of';
import { atMost, jsonOptions, knownNames, numberList, readCommandLine } from '../../command-line';
import { cachedEmbeddings } from './sentence-embeddings';
import { LABEL_MAPPING } from '../../train/classifier/training-samples';

const FOLDS = 5;

/** What a row's sentence block holds: embeddings of the joint text, or of its parts side by side. */
export type EmbedParts = 'joint' | 'split' | 'joint+title' | 'mean';

/** AG News rows as training samples, each its own group (`ag:<row>`, the split of cross-validate.ts). */
function agSamples(): (TrainingSample & { title: string; description: string })[] {
  return loadAgNews().map((row, i) => ({
    text: `${row.title}. ${row.description}`,
    title: row.title,
    description: row.description,
    category: LABEL_MAPPING.ag[row.label],
    source: 'ag',
    group: `ag:${i}`,
  }));
}

/** The rows' sentence blocks as `parts` says, from the cache of sentence-embeddings.ts. */
async function agSentences(
  samples: ReturnType<typeof agSamples>,
  parts: EmbedParts,
): Promise<(text: string) => Float32Array | undefined> {
  const pieces = (s: (typeof samples)[number]): string[] =>
    parts === 'joint' ? [s.text] : parts === 'split' || parts === 'mean' ? [s.title, s.description] : [s.text, s.title];
  const lookup = await cachedEmbeddings(samples.flatMap(pieces));
  const byText = new Map<string, Float32Array>();
  for (const s of samples) {
    const vectors = pieces(s).map((t) => lookup(t)!);
    if (parts === 'mean') {
      byText.set(
        s.text,
        vectors[0]!.map((x, d) => (x + vectors[1]![d]!) / 2),
      );
      continue;
    }
    const joined = new Float32Array(vectors.reduce((n, v) => n + v.length, 0));
    vectors.reduce((at, v) => (joined.set(v, at), at + v.length), 0);
    byText.set(s.text, joined);
  }
  return (text) => byText.get(text);
}

/**
 * Accuracy over the held-out rows of `folds` when each fold trains on `share` of its other rows
 * (with `sentenceEmbedding` set, the rows' sentence embeddings from the cache of sentence-embeddings.ts).
 */
export async function agOnlyAccuracy(
  share: number,
  train: Partial<TrainOptions>,
  folds: readonly number[],
  parts: EmbedParts = 'joint',
): Promise<number> {
  const samples = agSamples();
  const sentences = train.sentenceEmbedding ? await agSentences(samples, parts) : undefined;
  let ok = 0;
  let n = 0;
  for (const f of folds) {
    const rest = samples.filter((s) => foldOf(s.group!, FOLDS) !== f);
    // A fixed subset per share: the rows whose hash (another seed than the folds') falls under it.
    const kept = rest.filter((s) => foldOf(`share:${s.group}`, 1000) < share * 1000);
    const classifier = createClassifier(trainCategoryModel(kept, train, undefined, sentences));
    for (const s of samples.filter((x) => foldOf(x.group!, FOLDS) === f)) {
      n++;
      if (classifier.classify(s.text, sentences?.(s.text)).category === s.category) ok++;
    }
  }
  return Math.round((ok / n) * 1000) / 1000;
}

async function main(): Promise<void> {
  const { train, shares, folds, parts } = readCommandLine(
    "ag-learning-curve.ts [--train '<json>'] [--shares 0.25,0.5,0.75,1] [--folds 0,1,2,3,4] [--embed joint|split|joint+title|mean]",
    {
      train: { type: 'string', default: '{}' },
      shares: { type: 'string', default: '0.25,0.5,0.75,1' },
      folds: { type: 'string', default: '0,1,2,3,4' },
      embed: { type: 'string', default: 'joint' },
    },
    ({ values, positionals }) => {
      atMost(0, positionals);
      knownNames(values.embed, ['joint', 'split', 'joint+title', 'mean']);
      return {
        train: jsonOptions<TrainOptions>(values.train),
        shares: numberList(values.shares),
        folds: numberList(values.folds),
        parts: values.embed as EmbedParts,
      };
    },
  );
  const encoder = process.env.PIPELINE_ENCODER ?? 'all-minilm-l6-v2-q';
  for (const share of shares) {
    const started = Date.now();
    const accuracy = await agOnlyAccuracy(share, train, folds, parts);
    process.stdout.write(
      `${JSON.stringify({ share, train, folds, parts, encoder, accuracy, seconds: (Date.now() - started) / 1000 })}\n`,
    );
  }
}

if (process.argv[1]?.endsWith('ag-learning-curve.ts')) await main();
