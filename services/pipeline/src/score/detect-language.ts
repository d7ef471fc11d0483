import { words } from '../text/tokenize';

/** Frequent function words of the languages the sources publish in (ISO 639-1 codes). */
const MARKERS: Readonly<Record<string, readonly string[]>> = {
  en: ['the', 'and', 'of', 'to', 'in', 'is', 'that', 'for', 'with', 'was', 'on', 'are', 'by', 'this', 'it'],
  de: ['der', 'die', 'und', 'das', 'ist', 'nicht', 'mit', 'den', 'von', 'sich', 'auf', 'für', 'ein', 'eine', 'dem'],
  fr: ['le', 'la', 'les', 'et', 'des', 'est', 'une', 'du', 'pour', 'que', 'dans', 'qui', 'sur', 'pas', 'au'],
  es: ['el', 'la', 'los', 'las', 'y', 'que', 'del', 'en', 'por', 'una', 'para', 'con', 'es', 'se', 'su'],
  it: ['il', 'la', 'che', 'di', 'e', 'per', 'una', 'non', 'sono', 'della', 'del', 'gli', 'le', 'con', 'è'],
  pt: ['o', 'a', 'os', 'que', 'de', 'do', 'da', 'em', 'um', 'uma', 'para', 'com', 'não', 'por', 'são'],
  nl: ['de', 'het', 'een', 'en', 'van', 'is', 'dat', 'niet', 'op', 'voor', 'met', 'zijn', 'ook', 'aan', 'wordt'],
};

const MARKER_SETS = Object.entries(MARKERS).map(([lang, list]) => [lang, new Set(list)] as const);

/** Fewest marker hits needed before a language is named; below it the language is unknown. */
const MIN_HITS = 2;

/**
 * Language of a text by counting frequent function words per language (deterministic, fast, good
 * enough for article bodies; headlines of a few words often stay null).
 */
export function detectLanguage(text: string): string | null {
  const tokens = words(text.slice(0, 5000)).map((w) => w.toLowerCase());
  let best: string | null = null;
  let bestHits = 0;
  for (const [lang, set] of MARKER_SETS) {
    let hits = 0;
    for (const t of tokens) if (set.has(t)) hits++;
    if (hits > bestHits) {
      best = lang;
      bestHits = hits;
    }
  }
  return bestHits >= MIN_HITS ? best : null;
}
