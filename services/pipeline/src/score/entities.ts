import { normaliseText } from '../text/normalise-text';
import { ENGLISH_STOPWORDS } from '../text/stopwords';

/** Capitalised words that start sentences or headlines without naming anything (argument-terms.ts reads them too). */
export const NOT_NAMES: ReadonlySet<string> = new Set(
  (
    'The A An In On At For From With By To Of And But Or If As It Its This That These Those He She They We I You ' +
    'His Her Their Our My Your After Before When While Where What Why How Who Which Monday Tuesday Wednesday ' +
    'Thursday Friday Saturday Sunday January February March April May June July August September October ' +
    'November December Mr Mrs Ms Dr Updated Read More Photo Video Image Getty Images Click Share New There Here ' +
    'Today Yesterday Tomorrow Also Now Then Last Next Some All Many Most One Two Three Not No Yes So'
  ).split(' '),
);

/** Most entities kept per article (the most frequent first). */
const MAX_ENTITIES = 20;

/**
 * Named entities by a light deterministic rule: runs of capitalised words (allowing "of", "de",
 * "al" inside, as in "Bank of England") and acronyms (NASA, U.S.). Sentence-initial function words
 * are dropped. Returned lower-cased, most frequent first, ties by first appearance.
 */
export function extractEntities(text: string): string[] {
  const clean = normaliseText(text);
  const counts = new Map<string, number>();
  const tokens = clean.split(/\s+/);
  let run: string[] = [];
  const flush = (): void => {
    while (run.length > 0 && isConnector(run[run.length - 1]!)) run.pop();
    if (run.length > 0) {
      const phrase = run.join(' ').toLowerCase();
      if (run.length > 1 || isAcronym(run[0]!) || !ENGLISH_STOPWORDS.has(phrase)) {
        counts.set(phrase, (counts.get(phrase) ?? 0) + 1);
      }
    }
    run = [];
  };
  for (const raw of tokens) {
    const endsClause = /[.!?:;,"”)]$/.test(raw);
    const head = raw.charAt(0);
    if (head !== head.toUpperCase()) {
      // Fast path for the common lower-case word: it only extends a run as a connector ("of").
      if (run.length > 0 && isConnector(raw)) run.push(raw);
      else flush();
      if (endsClause) flush();
      continue;
    }
    const word = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}.]+$/gu, '').replace(/['’]s$/, '');
    // "U.S." keeps its dots; any other word loses a sentence-final one.
    const bare = /^(?:\p{Lu}\.){2,}$/u.test(word) ? word : word.replace(/\.$/, '');
    if (isAcronym(bare) || (isCapitalised(bare) && !(run.length === 0 && NOT_NAMES.has(bare)))) {
      run.push(bare);
    } else if (run.length > 0 && isConnector(bare)) {
      run.push(bare);
    } else {
      flush();
    }
    if (endsClause) flush();
  }
  flush();
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_ENTITIES)
    .map(([phrase]) => phrase);
}

function isCapitalised(w: string): boolean {
  return /^\p{Lu}[\p{Ll}\p{M}'’-]+$/u.test(w) && w.length > 1;
}

function isAcronym(w: string): boolean {
  return /^(?:\p{Lu}\.){2,}$|^\p{Lu}{2,6}$/u.test(w) && w !== 'I';
}

function isConnector(w: string): boolean {
  return w === 'of' || w === 'de' || w === 'al' || w === 'von' || w === 'van' || w === 'la' || w === 'del';
}
