import type { DetectArticle } from '../../src/detect/cluster';
import type { TrendMember } from '../../src/detect/build-trend';
import { extractEntities } from '../../src/score/entities';
import { loadGiveme, type GivemeArticle } from './giveme.corpus';
import { loadUci, type UciRow } from './uci.corpus';

/** When a Giveme5W1H record has no date: the day after the last crawl (it was seen then). */
export const GIVEME_FALLBACK_TIME = Date.parse('2018-02-07T00:00:00Z');

/** Giveme5W1H records as clustering input (title + description + body lead) with gold events. */
export function givemeDetectArticles(records: GivemeArticle[] = loadGiveme()): {
  articles: DetectArticle[];
  gold: Map<string, string>;
} {
  const articles = records.map((r) => {
    const text = [r.description, r.text].filter(Boolean).join('\n');
    return {
      id: r.id,
      title: r.title,
      text,
      time: r.date_publish ? Date.parse(`${r.date_publish}Z`) : GIVEME_FALLBACK_TIME,
      entities: extractEntities(`${r.title}\n${text.slice(0, 2000)}`),
    };
  });
  return { articles, gold: new Map(records.map((r) => [r.id, String(r.event_id)])) };
}

let pages: ReadonlyMap<string, GivemeArticle> | undefined;

/**
 * A clustering input's member texts as the pipeline stores a page's: a Giveme5W1H record's meta
 * description and body apart (the clustering text joins them, and a body often opens with its
 * description, so a lead cut from it reads the description twice); an article with no record keeps
 * its clustering text, cut at 600 characters, as its description (a UCI headline has none).
 */
export function givemeMemberTexts(a: DetectArticle): Pick<TrendMember, 'description' | 'body'> {
  pages ??= new Map(loadGiveme().map((r) => [r.id, r]));
  const page = pages.get(a.id);
  return { description: (page?.description ?? a.text.slice(0, 600)) || null, body: page?.text || null };
}

/** UCI headlines as clustering input (title only, the set has no text) with gold stories. */
export function uciDetectArticles(rows: UciRow[]): { articles: DetectArticle[]; gold: Map<string, string> } {
  const articles = rows.map((r) => ({
    id: `uci-${r.id}`,
    title: r.title,
    text: '',
    time: r.timestamp,
    entities: extractEntities(r.title),
  }));
  return { articles, gold: new Map(rows.map((r) => [`uci-${r.id}`, r.story])) };
}

/** `n` consecutive UCI rows of one half-month file, starting at `offset`. */
export function uciSlice(file: string, offset: number, n: number): UciRow[] {
  return loadUci([file]).slice(offset, offset + n);
}
