import type { Category } from '@trendscope/core';
import type { TrainingSample } from '../../src/classify/train-model';
import { normalizeText } from '../../src/text/normalize-text';
import { loadBbc } from '../corpus/bbc.corpus';
import { loadGiveme } from '../corpus/giveme.corpus';
import { loadUci } from '../corpus/uci.corpus';

/** How each corpus's labels map onto the taxonomy of API.md (documented in the README). */
export const LABEL_MAPPING = {
  bbc: {
    business: 'business',
    entertainment: 'entertainment',
    politics: 'politics',
    sport: 'sports',
    tech: 'technology',
  },
  uci: { b: 'business', t: 'technology', e: 'entertainment', m: 'health' },
  giveme: {
    world: 'world',
    technology: 'technology',
    science: 'technology',
    entertainment: 'entertainment',
    sports: 'sports',
    business: 'business',
  },
} as const satisfies Record<string, Record<string, Category>>;

/** Words per training chunk: close to a headline plus lead paragraph, the texts we classify. */
const CHUNK_WORDS = 45;

/**
 * Training samples from the three labelled corpora (never AG News): UCI headlines as they are,
 * BBC and Giveme5W1H full texts cut into headline-sized chunks of whole sentences, so long
 * articles teach the model in the same length regime as feed items.
 */
export function buildTrainingSamples(opts: { uciEvery?: number } = {}): TrainingSample[] {
  const samples: TrainingSample[] = [];
  const seenTitles = new Set<string>();
  const every = opts.uciEvery ?? 1;
  for (const row of loadUci()) {
    if (row.id % every !== 0) continue;
    const key = row.title.toLowerCase().trim();
    if (seenTitles.has(key)) continue;
    seenTitles.add(key);
    samples.push({ text: row.title, category: LABEL_MAPPING.uci[row.category], source: 'uci' });
  }
  for (const a of loadBbc()) {
    const category = LABEL_MAPPING.bbc[a.category as keyof typeof LABEL_MAPPING.bbc];
    for (const text of chunks(a.title, a.body)) samples.push({ text, category, source: 'bbc' });
  }
  for (const a of loadGiveme()) {
    const category = LABEL_MAPPING.giveme[a.category as keyof typeof LABEL_MAPPING.giveme];
    const body = a.text || a.description;
    for (const text of chunks(a.title, body)) samples.push({ text, category, source: 'giveme' });
  }
  return samples;
}

/** Title + first sentences, then the rest of the body in sentence-aligned chunks. */
export function chunks(title: string, body: string): string[] {
  const sentences = normalizeText(body.replace(/\n+/g, ' . '))
    .split(/(?<=[.!?])\s+/)
    .filter((s) => s.replace(/[.\s]/g, '').length > 0);
  const out: string[] = [];
  let cur = title;
  let count = cur.split(/\s+/).length;
  for (const s of sentences) {
    cur = cur ? `${cur} ${s}` : s;
    count += s.split(/\s+/).length;
    if (count >= CHUNK_WORDS) {
      out.push(cur);
      cur = '';
      count = 0;
    }
  }
  if (cur.split(/\s+/).length >= 8 || out.length === 0) out.push(cur);
  return out;
}
