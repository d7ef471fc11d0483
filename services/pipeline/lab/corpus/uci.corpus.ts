import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { corpusPath } from './corpus-path';

/** One headline of the UCI News Aggregator set. */
export interface UciRow {
  id: number;
  title: string;
  url: string;
  publisher: string;
  category: 'b' | 't' | 'e' | 'm';
  story: string;
  hostname: string;
  timestamp: number;
}

/** The half-month files of the corpus, in time order. */
export const UCI_FILES = [
  'newsCorpora.2014-03-01-15.tsv.gz',
  'newsCorpora.2014-03-16-31.tsv.gz',
  'newsCorpora.2014-04-01-15.tsv.gz',
] as const;

/** Reads UCI rows (TSV without quoting: split on tabs), in file order (ascending id). */
export function loadUci(files: readonly string[] = UCI_FILES): UciRow[] {
  const out: UciRow[] = [];
  for (const file of files) {
    const text = gunzipSync(readFileSync(corpusPath('uci-news-aggregator', file))).toString('utf8');
    for (const line of text.split('\n')) {
      const f = line.split('\t');
      if (f.length < 8) continue;
      out.push({
        id: Number(f[0]),
        title: f[1]!,
        url: f[2]!,
        publisher: f[3]!,
        category: f[4] as UciRow['category'],
        story: f[5]!,
        hostname: f[6]!,
        timestamp: Number(f[7]),
      });
    }
  }
  return out;
}
