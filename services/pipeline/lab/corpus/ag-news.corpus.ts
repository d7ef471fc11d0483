import { readFileSync } from 'node:fs';
import { corpusPath } from './corpus-path';

/** One AG News row: class 1 World, 2 Sports, 3 Business, 4 Sci/Tech. */
export interface AgNewsRow {
  label: 1 | 2 | 3 | 4;
  title: string;
  description: string;
}

/** The held-back AG News half (test.csv: double-quoted fields, `""` escapes a quote). */
export function loadAgNews(): AgNewsRow[] {
  const text = readFileSync(corpusPath('ag-news', 'test.csv'), 'utf8');
  const rows: AgNewsRow[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const fields = [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"'));
    if (fields.length < 3) continue;
    rows.push({ label: Number(fields[0]) as AgNewsRow['label'], title: fields[1]!, description: fields[2]! });
  }
  return rows;
}
