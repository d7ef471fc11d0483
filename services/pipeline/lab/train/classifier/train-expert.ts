import type { WordVectors } from '../../../src/text/word-vectors';
import type { CategoryModel, CorpusExpert, ExpertNeighbours } from '../../../src/classify/category-model';
import { encodeNeighbourVectors } from '../../../src/classify/neighbour-vote';
import { type SentenceLookup, trainCategoryModel, type TrainingSample, type TrainOptions } from './train-model';

/** How a corpus expert and its gate are trained (see CorpusExpert). */
export interface CorpusExpertOptions {
  /** The training-sample source the expert is trained on. */
  corpus: string;
  weight: number;
  /** Trainer settings of the expert (on `corpus` rows only). */
  expert: Partial<TrainOptions>;
  /** Trainer settings of the gate (every row, labelled with its source corpus). */
  gate: Partial<TrainOptions>;
  /** Gate value from which the expert reads the sentence embedding (see CorpusExpert.sentence_gate). */
  sentenceGate?: number;
  /** Power of the gate in the expert's weight (see CorpusExpert.gate_power; absent: 1). */
  gatePower?: number;
  /** A k-NN vote of the corpus's rows (see CorpusExpert.neighbours; absent: none). */
  neighbours?: { k: number; weight: number; minGate: number };
}

/**
 * Trains the expert on one corpus's rows and the gate on every row's source corpus (`sentences`:
 * the texts' embeddings, for parts that use them; `gate`: one already trained on these samples
 * with `opts.gate`, which sweeps of the expert's settings reuse).
 */
export function trainCorpusExpert(
  samples: readonly TrainingSample[],
  opts: CorpusExpertOptions,
  wordVectors?: WordVectors,
  sentences?: SentenceLookup,
  gate?: CategoryModel<string>,
): CorpusExpert {
  const own = samples.filter((s) => s.source === opts.corpus);
  if (own.length === 0) throw new Error(`no training rows from ${opts.corpus}`);
  const model = withoutMeta(trainCategoryModel(own, opts.expert, wordVectors, sentences));
  return {
    corpus: opts.corpus,
    weight: opts.weight,
    model,
    gate: gate ?? trainCorpusGate(samples, opts, wordVectors, sentences),
    ...(opts.expert.sentenceEmbedding && opts.sentenceGate ? { sentence_gate: opts.sentenceGate } : {}),
    ...(opts.gatePower && opts.gatePower !== 1 ? { gate_power: opts.gatePower } : {}),
    ...(opts.neighbours ? { neighbours: expertNeighbours(own, model.classes, opts.neighbours, sentences) } : {}),
  };
}

/** The corpus's rows with a sentence embedding, kept for the expert's k-NN vote. */
function expertNeighbours(
  own: readonly TrainingSample[],
  classes: readonly string[],
  opts: NonNullable<CorpusExpertOptions['neighbours']>,
  sentences: SentenceLookup | undefined,
): ExpertNeighbours {
  const rows = own.flatMap((s) => {
    const v = sentences?.(s.text);
    return v ? [{ v, label: classes.indexOf(s.category) }] : [];
  });
  if (rows.length === 0) throw new Error('a k-NN vote needs the corpus rows’ sentence embeddings');
  const dimensions = rows[0]!.v.length;
  return {
    k: opts.k,
    weight: opts.weight,
    min_gate: opts.minGate,
    labels: rows.map((r) => r.label),
    vectors: encodeNeighbourVectors(
      rows.map((r) => r.v),
      dimensions,
    ),
    dimensions,
  };
}

/** Trains the gate of a corpus expert: which source corpus a text looks like. */
export function trainCorpusGate(
  samples: readonly TrainingSample[],
  opts: Pick<CorpusExpertOptions, 'gate'>,
  wordVectors?: WordVectors,
  sentences?: SentenceLookup,
): CategoryModel<string> {
  const bySource = samples.map((s) => ({ ...s, category: s.source }));
  return withoutMeta(trainCategoryModel(bySource, opts.gate, wordVectors, sentences));
}

/** The trainer's meta of a part, cut to its counts: the options live in the main model's meta. */
function withoutMeta<L extends string>(model: CategoryModel<L>): CategoryModel<L> {
  const { samples, samples_per_class, features_kept } = model.meta;
  return { ...model, meta: { samples, samples_per_class, features_kept } };
}
