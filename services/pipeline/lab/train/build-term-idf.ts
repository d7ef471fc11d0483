/**
 * Rebuilds services/pipeline/models/term-idf.json, the background idf of detection's term vectors,
 * from the corpora in ../shared/corpus (lab/train/idf/background-texts.ts). Deterministic: the same
 * corpora give the same bytes. Run: `make idf`.
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, readCommandLine } from '../command-line';
import { writeFileSync } from 'node:fs';
import { DEFAULT_IDF_PATH } from '../../src/detect/idf';
import { termIdfFileText } from './idf/background-texts';

readCommandLine('build-term-idf.ts (writes models/term-idf.json)', {}, ({ positionals }) => atMost(0, positionals));

const { table, json } = termIdfFileText();
writeFileSync(DEFAULT_IDF_PATH, json);
process.stdout.write(
  `${JSON.stringify({ documents: table.documents, terms: Object.keys(table.idf).length, bytes: json.length })}\n`,
);
