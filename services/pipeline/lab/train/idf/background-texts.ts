import { buildTermIdf, type TermIdfTable } from '../../../src/detect/idf';
import { contentTerms } from '../../../src/text/tokenize';
import { chunks } from '../classifier/training-samples';
import { loadAgNews } from '../../corpus/ag-news.corpus';
import { loadBbc } from '../../corpus/bbc.corpus';
import { loadGiveme } from '../../corpus/giveme.corpus';
import { loadUci } from '../../corpus/uci.corpus';

/**
 * Content terms of the background texts behind the detection idf: every distinct UCI headline, AG
 * News title + description, and BBC and Giveme5W1H articles cut into headline-sized chunks (the
 * length regime of feed items). No labels are read: the table is unsupervised.
 */
export function* backgroundTerms(): Generator<string[]> {
  const seen = new Set<string>();
  for (const row of loadUci()) {
    const key = row.title.toLowerCase().trim();
    if (seen.has(key)) continue;
    seen.add(key);
    yield contentTerms(row.title);
  }
  for (const row of loadAgNews()) yield contentTerms(`${row.title}. ${row.description}`);
  for (const a of loadBbc()) for (const text of chunks(a.title, a.body)) yield contentTerms(text);
  for (const a of loadGiveme()) for (const text of chunks(a.title, a.text || a.description)) yield contentTerms(text);
}

/** Terms seen in fewer background texts get the unseen idf (kept out of the file). */
const MIN_DF = 2;

/** The committed table's file text, as `make idf` writes it. */
export function termIdfFileText(): { table: TermIdfTable; json: string } {
  const table = buildTermIdf(backgroundTerms(), MIN_DF);
  return { table, json: `${JSON.stringify(table)}\n` };
}
