import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The committed background idf table (built by lab/train/build-term-idf.ts, `make idf`). */
export const DEFAULT_IDF_PATH = path.resolve(import.meta.dirname, '..', '..', 'models', 'term-idf.json');

/** The stored table: idf per content term seen in at least `min_df` background texts. */
export interface TermIdfTable {
  documents: number;
  min_df: number;
  /** idf given to a term the table does not hold (the idf of a term seen once). */
  unseen_idf: number;
  idf: Record<string, number>;
}

const tables = new Map<string, { lookup: (term: string) => number; terms: ReadonlyMap<string, number> }>();

function loadTable(idfPath: string): { lookup: (term: string) => number; terms: ReadonlyMap<string, number> } {
  const resolved = path.resolve(idfPath);
  let loaded = tables.get(resolved);
  if (!loaded) {
    const table = JSON.parse(readFileSync(resolved, 'utf8')) as TermIdfTable;
    const terms = new Map(Object.entries(table.idf));
    const unseen = table.unseen_idf;
    loaded = { lookup: (term) => terms.get(term) ?? unseen, terms };
    tables.set(resolved, loaded);
  }
  return loaded;
}

/**
 * Background inverse document frequencies for trend term vectors, from a table of its own (not the
 * category model's vocabulary, so a classifier retrain leaves clustering alone). A term the table
 * does not hold gets the largest idf: a rare word is a strong signal of one story.
 */
export function backgroundIdf(idfPath: string = DEFAULT_IDF_PATH): (term: string) => number {
  return loadTable(idfPath).lookup;
}

/** The table's terms with their idf (read once per process and path). */
export function backgroundIdfTerms(idfPath: string = DEFAULT_IDF_PATH): ReadonlyMap<string, number> {
  return loadTable(idfPath).terms;
}

/** Builds the table from background texts: idf = ln((n + 1) / (df + 1)) + 1, terms with df >= minDf. */
export function buildTermIdf(texts: Iterable<readonly string[]>, minDf: number): TermIdfTable {
  const df = new Map<string, number>();
  let n = 0;
  for (const terms of texts) {
    n++;
    for (const t of new Set(terms)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const idfOf = (d: number): number => Math.round((Math.log((n + 1) / (d + 1)) + 1) * 1e4) / 1e4;
  const idf: Record<string, number> = {};
  for (const [t, d] of [...df.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    if (d >= minDf) idf[t] = idfOf(d);
  }
  return { documents: n, min_df: minDf, unseen_idf: idfOf(1), idf };
}
