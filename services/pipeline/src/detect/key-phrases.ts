import { ENGLISH_STOPWORDS } from '../text/stopwords';
import { stem, words } from '../text/tokenize';

/** A key phrase with its display form and score. */
export interface KeyPhrase {
  key: string;
  display: string;
  score: number;
}

/** Longest phrase considered (words). */
const MAX_N = 3;

/**
 * Key phrases of a set of titles: word n-grams (1-3, not starting or ending with a stopword)
 * scored by the number of titles that contain them x their mean idf, longer phrases favoured;
 * a phrase inside a better-scored longer one is dropped. Display form = most common spelling.
 */
export function keyPhrases(titles: readonly string[], idf: (term: string) => number, limit = 8): KeyPhrase[] {
  const df = new Map<string, number>();
  const spellings = new Map<string, Map<string, number>>();
  for (const title of titles) {
    // A quote closing a title ("... Nigerian prince'") is not part of its last word.
    const tokens = words(title).map((w) => w.replace(/['’]+$/, ''));
    const seen = new Set<string>();
    for (let n = 1; n <= MAX_N; n++) {
      for (let i = 0; i + n <= tokens.length; i++) {
        const gram = tokens.slice(i, i + n);
        const first = gram[0]!.toLowerCase();
        const last = gram[n - 1]!.toLowerCase();
        if (ENGLISH_STOPWORDS.has(first) || ENGLISH_STOPWORDS.has(last) || /^\d+$/.test(last) || first.length < 2) {
          continue;
        }
        const key = gram.map((w) => stem(w.toLowerCase())).join(' ');
        if (seen.has(key)) continue;
        seen.add(key);
        df.set(key, (df.get(key) ?? 0) + 1);
        const forms = spellings.get(key) ?? new Map<string, number>();
        const display = gram.join(' ');
        forms.set(display, (forms.get(display) ?? 0) + 1);
        spellings.set(key, forms);
      }
    }
  }
  const scored: KeyPhrase[] = [];
  for (const [key, count] of df) {
    const parts = key.split(' ').filter((p) => !ENGLISH_STOPWORDS.has(p));
    const meanIdf = parts.reduce((s, p) => s + idf(p), 0) / Math.max(1, parts.length);
    const lengthBonus = 1 + 0.3 * (key.split(' ').length - 1);
    // A phrase seen in one title only says little when there are several titles.
    const support = titles.length > 1 && count < 2 ? 0.5 : 1;
    const forms = [...spellings.get(key)!.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    scored.push({ key, display: forms[0]![0], score: count * meanIdf * lengthBonus * support });
  }
  // A longer phrase found in at least half the titles of a phrase inside it names the story
  // better ("panama papers" over "panama"): it takes that phrase's place.
  const byKey = new Map(scored.map((p) => [p.key, p]));
  for (const p of scored) {
    const parts = p.key.split(' ');
    for (let n = 1; n < parts.length; n++) {
      for (let i = 0; i + n <= parts.length; i++) {
        const inner = byKey.get(parts.slice(i, i + n).join(' '));
        if (inner && df.get(p.key)! * 2 >= df.get(inner.key)! && inner.score >= p.score) p.score = inner.score * 1.001;
      }
    }
  }
  scored.sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1));
  const out: KeyPhrase[] = [];
  for (const p of scored) {
    if (out.some((q) => ` ${q.key} `.includes(` ${p.key} `) || ` ${p.key} `.includes(` ${q.key} `))) continue;
    out.push(p);
    if (out.length >= limit) break;
  }
  return out;
}
