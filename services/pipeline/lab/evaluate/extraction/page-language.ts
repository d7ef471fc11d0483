/**
 * The language of an evaluation page, read from its gold "with" segments by franc (trigram
 * profiles): what the annotators kept, not what the page declares (some pages declare a template's
 * language, some nothing). Pages whose gold text is too short to tell, or in a language with
 * fewer than a handful of pages, are grouped as "other".
 */
import { franc } from 'franc-min';
import type { EvalPage } from './trafilatura-eval';

/** The set's languages with pages enough for a row of their own (ISO 639-3, as franc names them). */
const NAMED = ['deu', 'eng', 'spa', 'fra', 'pol'] as const;
export type PageLanguage = (typeof NAMED)[number] | 'other';

/** Gold text shorter than this is too little for trigram profiles to tell apart. */
const MIN_CHARS = 40;

/** The page's language as its gold text reads, or "other". */
export function pageLanguage(page: Pick<EvalPage, 'with'>): PageLanguage {
  const found = franc(page.with.join(' '), { minLength: MIN_CHARS });
  return (NAMED as readonly string[]).includes(found) ? (found as PageLanguage) : 'other';
}

/** Pages grouped by language, the languages in the order of NAMED, "other" last. */
export function byLanguage<P extends Pick<EvalPage, 'with'>>(pages: P[]): [PageLanguage, P[]][] {
  const groups = new Map<PageLanguage, P[]>([...NAMED, 'other'].map((l) => [l as PageLanguage, []]));
  for (const page of pages) groups.get(pageLanguage(page))?.push(page);
  return [...groups].filter(([, ps]) => ps.length > 0);
}
