import { countries } from 'countries-list';
import englishNationalities from 'i18n-nationality/langs/en.json' with { type: 'json' };
import { words } from '../text/tokenize';

/**
 * Countries whose mentions are home news for the English-language sources the service reads
 * (US and UK publishers): a mention of any other country is news from abroad.
 */
const HOME_COUNTRIES: ReadonlySet<string> = new Set(['US', 'GB']);

/** Longest gazetteer phrase in words ("Democratic Republic of the Congo"). */
const MAX_PHRASE_WORDS = 6;

interface Place {
  code: string;
}

/** Lower-cased phrase -> country, for names, aliases, capitals and demonyms. */
const gazetteer = new Map<string, Place>();
/** Lower-cased first word of a phrase -> its longest phrase in words (most words start none). */
const longestFrom = new Map<string, number>();
/** Short all-capital aliases ("US", "UK", "DRC") match only in capitals: "us" is a pronoun. */
const acronyms = new Map<string, Place>();

function addPhrase(phrase: string, code: string): void {
  const tokens = words(phrase.replace(/\([^)]*\)/g, ' '));
  if (tokens.length === 0 || tokens.length > MAX_PHRASE_WORDS) return;
  if (tokens.length === 1 && /^[A-Z]{2,4}$/.test(tokens[0]!)) {
    if (!acronyms.has(tokens[0]!)) acronyms.set(tokens[0]!, { code });
    return;
  }
  const lower = tokens.map((t) => t.toLowerCase());
  const key = lower.join(' ');
  if (!gazetteer.has(key)) gazetteer.set(key, { code });
  longestFrom.set(lower[0]!, Math.max(longestFrom.get(lower[0]!) ?? 0, tokens.length));
}

for (const [code, country] of Object.entries(countries)) {
  addPhrase(country.name, code);
  for (const alias of 'alias' in country ? (country.alias ?? []) : []) addPhrase(alias, code);
  for (const capital of country.capital.split(/,\s*/)) if (capital) addPhrase(capital, code);
}
for (const [code, demonym] of Object.entries(englishNationalities.nationalities as Record<string, string>)) {
  // "Palestinian Territory, Occupied", "Bosnian - Herzegovinian": the plain adjective(s) only.
  const plain = demonym.split(',')[0]!.replace(/\s+Territory$/, '');
  for (const part of plain.split(/\s+-\s+/)) addPhrase(part, code);
}

/**
 * Gazetteer features of a text: `geo:<cc>` for every country named (by name, alias, capital or
 * nationality adjective) and `geo:abroad` / `geo:home` for whether it lies outside the US and UK.
 * The classifier learns their weights from the training corpora like any other feature.
 */
export function geoFeatures(text: string): string[] {
  return geoFeaturesOfWords(words(text));
}

/** geoFeatures of words already split by `words`. */
export function geoFeaturesOfWords(rawWords: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < rawWords.length;) {
    let matched = 0;
    let place: Place | undefined;
    // Places are proper nouns: "turkey" in a recipe is not Turkey.
    if (/^\p{Lu}/u.test(rawWords[i]!)) {
      const first = bare(rawWords[i]!).toLowerCase();
      const longest = Math.min(longestFrom.get(first) ?? 0, rawWords.length - i);
      for (let n = longest; n >= 1 && !place; n--) {
        const phrase = rawWords
          .slice(i, i + n)
          .map((w) => bare(w).toLowerCase())
          .join(' ');
        place = gazetteer.get(phrase);
        if (place) matched = n;
      }
      if (!place) {
        place = acronyms.get(bare(rawWords[i]!));
        if (place) matched = 1;
      }
    }
    if (!place) {
      i++;
      continue;
    }
    out.push(`geo:${place.code.toLowerCase()}`, HOME_COUNTRIES.has(place.code) ? 'geo:home' : 'geo:abroad');
    i += matched;
  }
  return out;
}

/** A word without its possessive ("Britain's" -> "Britain"). */
function bare(word: string): string {
  return word.replace(/['’]s$/, '');
}
