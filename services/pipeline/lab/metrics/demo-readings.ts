import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CATEGORIES, type Category } from '@trendscope/core';
import { REPO_ROOT } from '../corpus/corpus-path';

/** A reader's category of every trend a real `make demo` listed (the folder's README says how it was read). */
export const DEMO_READINGS_FILE = path.join(
  REPO_ROOT,
  'services',
  'pipeline',
  'data',
  'category-readings',
  'demo-readings.tsv',
);

/** The readings by the trend's topic, and by its majority story where every trend of that story reads alike. */
export interface DemoReadings {
  byTopic: Map<string, Category>;
  byGroup: Map<string, Category>;
}

/**
 * Readings from a file whose header names the columns `group` (majority story or event, `-` when
 * unknown), `topic` and `read_label`. A story whose trends read differently gives no group reading.
 */
export function loadDemoReadings(file: string = DEMO_READINGS_FILE): DemoReadings {
  const [header, ...lines] = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const cols = header!.split('\t');
  const [g, t, r] = ['group', 'topic', 'read_label'].map((c) => cols.indexOf(c));
  if (g! < 0 || t! < 0 || r! < 0) throw new Error(`${file}: no group / topic / read_label columns`);
  const byTopic = new Map<string, Category>();
  const groups = new Map<string, Set<Category>>();
  for (const line of lines) {
    const f = line.split('\t');
    const category = f[r!] as Category;
    if (!CATEGORIES.includes(category)) throw new Error(`${file}: unknown category ${category}`);
    byTopic.set(f[t!]!, category);
    if (f[g!] !== '-') groups.set(f[g!]!, (groups.get(f[g!]!) ?? new Set()).add(category));
  }
  const byGroup = new Map([...groups].filter(([, s]) => s.size === 1).map(([k, s]) => [k, [...s][0]!] as const));
  return { byTopic, byGroup };
}

/**
 * A trend's reading: by its topic (a listed topic is cut to 70 characters, so a prefix of 60 of
 * them matches), else by its majority story.
 */
export function demoReading(readings: DemoReadings, topic: string, group: string): Category | undefined {
  const exact = readings.byTopic.get(topic);
  if (exact) return exact;
  const head = topic.slice(0, 60);
  for (const [t, c] of readings.byTopic) if (t.length >= 60 && t.startsWith(head)) return c;
  return readings.byGroup.get(group);
}
