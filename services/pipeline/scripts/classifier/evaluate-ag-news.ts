import type { Category } from '@trendscope/core';
import type { Classifier } from '../../src/classify/classifier';
import { loadAgNews } from '../corpus/ag-news.corpus';

/** AG News classes in the taxonomy: strict (one category each) and lenient (also accepted). */
export const AG_NEWS_MAPPING: Readonly<Record<1 | 2 | 3 | 4, { strict: Category; lenient: Category[] }>> = {
  1: { strict: 'world', lenient: ['world', 'politics'] },
  2: { strict: 'sports', lenient: ['sports'] },
  3: { strict: 'business', lenient: ['business'] },
  4: { strict: 'technology', lenient: ['technology', 'health'] },
};

/** Accuracy figures of a classifier on the AG News half of the corpus. */
export interface AgNewsEvaluation {
  rows: number;
  strict: number;
  lenient: number;
  /** Lenient for World only (World accepts politics; Sci/Tech must be technology). */
  worldPolitics: number;
  perClass: Record<string, { rows: number; strict: number; lenient: number }>;
  confusion: Record<string, Record<string, number>>;
}

/** Classifies title + description of every AG News row and scores against both mappings. */
export function evaluateAgNews(classifier: Classifier): AgNewsEvaluation {
  const rows = loadAgNews();
  let strict = 0;
  let lenient = 0;
  let worldPolitics = 0;
  const perClass: AgNewsEvaluation['perClass'] = {};
  const confusion: AgNewsEvaluation['confusion'] = {};
  for (const row of rows) {
    const { category } = classifier.classify(`${row.title}. ${row.description}`);
    const m = AG_NEWS_MAPPING[row.label];
    const name = m.strict;
    const pc = (perClass[name] ??= { rows: 0, strict: 0, lenient: 0 });
    pc.rows++;
    const row2 = (confusion[name] ??= {});
    row2[category] = (row2[category] ?? 0) + 1;
    if (category === m.strict) {
      strict++;
      pc.strict++;
    }
    if (m.lenient.includes(category)) {
      lenient++;
      pc.lenient++;
    }
    if (category === m.strict || (row.label === 1 && category === 'politics')) worldPolitics++;
  }
  for (const pc of Object.values(perClass)) {
    pc.strict = round(pc.strict / pc.rows);
    pc.lenient = round(pc.lenient / pc.rows);
  }
  const n = rows.length;
  return {
    rows: n,
    strict: round(strict / n),
    lenient: round(lenient / n),
    worldPolitics: round(worldPolitics / n),
    perClass,
    confusion,
  };
}

function round(x: number): number {
  return Math.round(x * 10000) / 10000;
}
