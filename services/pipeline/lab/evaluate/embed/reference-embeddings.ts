/**
 * Writes the reference embeddings the unit tests pin (test/unit/pipeline/embed/reference-embeddings.json):
 * a few texts embedded one at a time by the installed encoder, with their word-piece ids. Rerun only
 * on purpose (a new model, runtime or tokenizer), after checking the new vectors against the
 * reference implementation: `node --import tsx services/pipeline/lab/evaluate/embed/reference-embeddings.ts`.
 */
import '@trendscope/core/require-project-node';
import { atMost, readCommandLine } from '../../command-line';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { SentenceEncoder } from '../../../src/embed/sentence-encoder';
import { encoderFiles, ENCODER_VERSION } from '../../../src/embed/encoder-files';
import { REPO_ROOT } from '../../../src/repo-root';

readCommandLine(
  'reference-embeddings.ts (writes test/unit/pipeline/embed/reference-embeddings.json)',
  {},
  ({ positionals }) => atMost(0, positionals),
);

/** The pinned texts: a headline, a paraphrase of it, a headline with a lead, accents and digits. */
export const REFERENCE_TEXTS = [
  'Lena Dunham Says She May Quit Acting',
  'Lena Dunham may quit acting',
  'Chinese satellite images may show missing Malaysia Airlines plane. Satellite images released by China show what may be debris from the missing jet in the South China Sea, officials said.',
  'Café owners in Zürich fear a 25% rent rise; the city council votes on Thursday.',
];

const OUT = path.join(REPO_ROOT, 'test', 'unit', 'pipeline', 'embed', 'reference-embeddings.json');

async function main(): Promise<void> {
  const encoder = await SentenceEncoder.load(encoderFiles(), { batchSize: 1 });
  const references = [];
  for (const text of REFERENCE_TEXTS) {
    const [vector] = await encoder.embed([text]);
    references.push({ text, ids: encoder.tokenIds(text), vector: [...vector!].map((x) => Number(x.toFixed(6))) });
  }
  await encoder.dispose();
  writeFileSync(OUT, `${JSON.stringify({ encoder: `all-minilm-l6-v2-q ${ENCODER_VERSION}`, references })}\n`);
  process.stdout.write(`wrote ${OUT}\n`);
}

await main();
