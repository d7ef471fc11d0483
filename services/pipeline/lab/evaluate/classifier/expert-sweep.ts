/**
 * k-fold figures of corpus-expert variants at the cost of the expert alone: per fold the main model
 * and the gate (GATED_MODEL_SETTINGS') are trained once and kept in .cache/classifier-folds/, and
 * each variant trains only its expert (AG News rows, seconds) beside them. Every corpus is scored on
 * its held-out items, as cross-validate.ts does. Run: `node --import tsx
 * services/pipeline/lab/evaluate/classifier/expert-sweep.ts --folds 0,1,2,3,4 '{"weight":2,"expert":{...}}' ...` (each
 * argument: CorpusExpertOptions overriding the gated model's expert; `{}` is that model).
 * `--main '{"sentenceEmbedding":1}'` overrides the main model's trainer settings (its fold models are
 * kept under another key), so variants of the expert are measured beside another main model.
 * `--expert-encoder bge-small-en-v15-q` gives the expert's sentence block that encoder's embedding
 * instead (src/embed/encoder-files.ts). With a main-model block too, the classifier reads the two
 * embeddings side by side (the main model's first, which is all its block reads) and the expert's
 * rows hold zeros where the main encoder's half is (so the expert reads its own encoder only: its
 * block spans 768 dimensions, so length 1.414 weighs as 1 did), or both halves with `--expert-both`.
 */
import '@trendscope/core/require-project-node';
import { createClassifier } from '../../../src/classify/classifier';
import { trainCorpusExpert } from '../../train/classifier/train-expert';
import { foldOfGroup, score, summarise, validationItems } from './cross-validate';
import { knownNames, readCommandLine } from '../../command-line';
import { EXPERT_SWEEP_FLAGS, expertSweep, expertVariant, foldParts, gatedTrainingSamples } from './fold-parts';
import { cachedEmbeddings } from './sentence-embeddings';
import { ENCODER_SPECS } from '../../../src/embed/encoder-files';
import { GATED_MODEL_SETTINGS } from '../../train/classifier/model-settings';

const { values, folds, mainTrain, variants } = readCommandLine(
  "expert-sweep.ts [--main '<json>'] [--folds 0,1,2,3,4] [--expert-encoder NAME [--expert-both]] '<expert variant json>'...",
  {
    ...EXPERT_SWEEP_FLAGS,
    'expert-encoder': { type: 'string' },
    'expert-both': { type: 'boolean', default: false },
  },
  ({ values, positionals }) => {
    if (values['expert-encoder'] !== undefined) knownNames(values['expert-encoder'], Object.keys(ENCODER_SPECS));
    return { values, ...expertSweep(values, positionals) };
  },
);
const base = GATED_MODEL_SETTINGS.expert!;
const { all, sentences } = await gatedTrainingSamples(mainTrain);
const items = validationItems();
const expertEncoder = values['expert-encoder'];
const spec = expertEncoder === undefined ? undefined : ENCODER_SPECS[expertEncoder];
if (expertEncoder !== undefined && !spec) throw new Error(`--expert-encoder ${expertEncoder}: unknown encoder`);
const mainReads = Boolean(mainTrain.sentenceEmbedding);
const both = values['expert-both'];
const join = (a: Float32Array, b: Float32Array): Float32Array => {
  const v = new Float32Array(a.length + b.length);
  v.set(a);
  v.set(b, a.length);
  return v;
};
/**
 * The embeddings the classifier reads: the main encoder's, then the expert encoder's if another;
 * the expert encoder embeds only the texts `expertReads` (the gate lets its block read them), the
 * others get zeros there, which nothing reads.
 */
async function classifierEmbeddings(
  texts: string[],
  expertReads: (text: string) => boolean,
): Promise<(text: string) => Float32Array | undefined> {
  if (!spec) return cachedEmbeddings(texts);
  const other = await cachedEmbeddings(texts.filter(expertReads), spec);
  if (!mainReads) return other;
  const main = await cachedEmbeddings(texts);
  return (t) => {
    const a = main(t);
    return a && join(a, other(t) ?? new Float32Array(a.length));
  };
}
const agTexts = all.filter((s) => s.source === base.corpus).map((s) => s.text);
const expertSentences = !spec
  ? sentences
  : await (async () => {
      const other = await cachedEmbeddings(agTexts, spec);
      if (!mainReads) return other;
      return (t: string) => {
        const b = other(t);
        const a = both ? sentences(t) : new Float32Array(b?.length ?? 0);
        return a && b && join(a, b);
      };
    })();
const tallies = variants.map(() => new Map<string, { n: number; ok: number }>());
for (const f of folds) {
  const started = Date.now();
  const train = all.filter((s) => foldOfGroup(s.group ?? s.text) !== f);
  const { main, gate } = foldParts(f, train, mainTrain, sentences);
  process.stderr.write(`fold ${f}: main model and gate in ${(Date.now() - started) / 1000} s\n`);
  for (const [v, variant] of variants.entries()) {
    const expert = trainCorpusExpert(train, expertVariant(variant), undefined, expertSentences, gate);
    const test = items.filter((i) => foldOfGroup(i.group) === f);
    // The same model without the main block needs an embedding exactly where the expert reads one.
    const expertOnly = createClassifier({ ...main, sentence: undefined, expert });
    const embed = (texts: string[]) => classifierEmbeddings(texts, (t) => expertOnly.needsEmbedding(t));
    await score(createClassifier({ ...main, expert }), test, tallies[v]!, embed);
    // The folds so far after each fold: a long sweep is read as it goes.
    const s = summarise(tallies[v]!);
    const done = folds.slice(0, folds.indexOf(f) + 1);
    process.stdout.write(
      `${JSON.stringify({ main: mainTrain, expertEncoder, both, variant, folds: done, corpus: s.corpus, ownClasses: s.ownClasses, cells: s.cells })}\n`,
    );
  }
}
