import { existsSync } from 'node:fs';
import type { DetectArticle } from '../../../src/detect/cluster';
import { recurringColumnIds } from '../../../src/detect/recurring-column';
import { uciDetectArticles } from '../../corpus/detect-articles';
import { loadUci, type UciRow } from '../../corpus/uci.corpus';
import { bcubed, type BCubed } from '../../metrics/bcubed';
import {
  correctedGold,
  correctLabels,
  loadReadings,
  MONTH_READING_FILE,
  READING_FILES,
} from '../../metrics/corrected-gold';

/**
 * The soak's month in process: every UCI row (the three half-month files span 2014-03-10..04-15)
 * as clustering input, with its labels read three ways.
 */
export interface UciMonth {
  /** Every row, by time then id. */
  rows: UciRow[];
  /** Every row as clustering input. */
  articles: DetectArticle[];
  /** The articles detection clusters: the recurring columns left out, as runDetect does. */
  withoutColumns: DetectArticle[];
  /** UCI's labels. */
  gold: Map<string, string>;
  /** The labels corrected by reading (corrected-gold.ts). */
  corrected: Map<string, string>;
  /** Corrected by the month's joins read by hand too (month-pairs.tsv), when that file is there. */
  monthRead: Map<string, string>;
}

export function uciMonth(): UciMonth {
  const rows = loadUci().sort((a, b) => a.timestamp - b.timestamp || a.id - b.id);
  const { articles, gold } = uciDetectArticles(rows);
  const corrected = correctLabels(gold);
  // The month's joins read: their UCI stories merged when read as one story.
  const monthRead = existsSync(MONTH_READING_FILE)
    ? correctLabels(gold, correctedGold([...READING_FILES, MONTH_READING_FILE].flatMap(loadReadings)))
    : corrected;
  const columns = recurringColumnIds(
    rows.map((r) => ({
      id: `uci-${r.id}`,
      title: r.title,
      time: r.timestamp,
      domain: r.hostname.replace(/^www\./, ''),
    })),
  );
  const withoutColumns = articles.filter((a) => !columns.has(a.id));
  return { rows, articles, withoutColumns, gold, corrected, monthRead };
}

/** The header of monthScores' columns. */
export const MONTH_SCORES_HEADER =
  "B-cubed (UCI's labels | corrected by reading | corrected by reading and month-pairs.tsv)";

/** B-cubed of `assignments` (article -> trend) against the month's three labels, on one line. */
export function monthScores(month: UciMonth, assignments: ReadonlyMap<string, string>): string {
  const fmt = (b: BCubed): string => `P ${b.precision.toFixed(3)} R ${b.recall.toFixed(3)} F1 ${b.f1.toFixed(4)}`;
  return [month.gold, month.corrected, month.monthRead].map((labels) => fmt(bcubed(assignments, labels))).join(' | ');
}
