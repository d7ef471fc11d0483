import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CATEGORIES, type Category } from '@trendscope/core';
import { REPO_ROOT } from '../corpus/corpus-path';
import { loadUci } from '../corpus/uci.corpus';
import { uciStoryRelabels, type TrainingSampleOptions } from '../train/classifier/training-samples';

/** Stories and events whose corpus category was corrected by reading (the folder's README says which were read). */
export const CATEGORY_READINGS_FILE = path.join(
  REPO_ROOT,
  'services',
  'pipeline',
  'data',
  'category-readings',
  'readings.tsv',
);

/**
 * UCI stories and Giveme5W1H events a reader files under politics (IPTC medtop:11000000: government,
 * lawmaking, elections, office-holders' conduct), which neither corpus has as a class; the
 * candidates read and those left are in docs/lab-notes/categories.md ("Politics read into UCI and
 * Giveme5W1H").
 */
export const POLITICS_READINGS_FILE = path.join(path.dirname(CATEGORY_READINGS_FILE), 'politics-readings.tsv');

/**
 * Story or event ("uci:<story>", "giveme:<event>") -> the category a reader gives it, from a file
 * whose header names the columns `group` and `read_label`.
 */
export function loadCategoryReadings(file: string = CATEGORY_READINGS_FILE): Map<string, Category> {
  const [header, ...lines] = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const cols = header!.split('\t');
  const [g, r] = ['group', 'read_label'].map((c) => cols.indexOf(c));
  if (g! < 0 || r! < 0) throw new Error(`${file}: no group / read_label columns`);
  const out = new Map<string, Category>();
  for (const line of lines) {
    const f = line.split('\t');
    const category = f[r!] as Category;
    if (!CATEGORIES.includes(category)) throw new Error(`${file}: unknown category ${category}`);
    out.set(f[g!]!, category);
  }
  return out;
}

/**
 * UCI's `t` stories of the car industry and fuel prices, read as business (70 of their headlines
 * read: all business; the committed model is trained so, ECONOMY_MODEL_SETTINGS): 58 stories.
 */
export const UCI_ECONOMY_READING: TrainingSampleOptions = { uciEconomyStoryShare: 0.5 };

/**
 * Every reading trends are scored with (`--read-labels`, the trend category test): the readings
 * file, the politics readings and UCI's car and fuel-price stories (the readings file wins where
 * they overlap). The committed model is trained with the car and fuel-price reading, not the
 * politics one (measured, not adopted: docs/lab-notes/categories.md).
 */
export function categoryReadings(): Map<string, Category> {
  return withUciStoryReadings(
    new Map([...loadCategoryReadings(POLITICS_READINGS_FILE), ...loadCategoryReadings()]),
    UCI_ECONOMY_READING,
  );
}

/**
 * `readings` with the UCI stories that `relabel` gives a category (uciStoryRelabels) read so, as
 * "uci:<story>"; a story the readings file names keeps the file's reading.
 */
export function withUciStoryReadings(
  readings: ReadonlyMap<string, Category>,
  relabel: TrainingSampleOptions,
): Map<string, Category> {
  const out = new Map<string, Category>();
  for (const [story, category] of uciStoryRelabels(loadUci(), relabel)) out.set(`uci:${story}`, category);
  for (const [group, category] of readings) out.set(group, category);
  return out;
}
