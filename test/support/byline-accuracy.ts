/**
 * Author and title accuracy on the Giveme5W1H pages as the demo serves them (the news-please
 * metadata is the gold, junk included), with a fixed list of junk-author signs that is not the
 * extractor's own, so the junk count can fail.
 */
import { loadCorpus } from '@trendscope/pipeline/feed-server/load-corpus';
import { renderArticlePage } from '@trendscope/pipeline/feed-server/render-article-page';
import { extractArticle } from '@trendscope/pipeline/extract/extract-article';
import { corpusPath } from '@trendscope/pipeline/lab/corpus/corpus-path';

/** Signs that an author string is not a byline: reading times, dates, credits, sentences, headlines. */
export const JUNK_AUTHOR =
  /\bmin read\b|\bpublished\b|\ba\.m\.|\bp\.m\.|\d|\bis an?\b|about the author|\bgetty\b|\bimages?\b|\bmore stories\b|\bwhat is\b|\bbelieves\b|\brelates to\b/i;
/** More words than a name has, in one of the comma-separated names. */
const LONG_NAME = /(?:^|,)\s*(?:[^\s,]+\s+){6,}[^\s,]/;

/** True when an author string holds a junk sign or a name longer than a name. */
export function isJunkAuthor(author: string): boolean {
  return JUNK_AUTHOR.test(author) || LONG_NAME.test(author);
}

/** Per-field counts over the Giveme5W1H demo pages. */
export interface BylineAccuracy {
  pages: number;
  title: { gold: number; correct: number };
  /** Pages whose gold names a clean author: ours starts with the first clean gold name. */
  author: { gold: number; correct: number; none: number; wrong: string[] };
  /** Authors holding a junk sign: in the gold, and in ours. */
  junk: { gold: number; ours: number; examples: string[] };
}

const norm = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim().toLowerCase();

/** Extracts every Giveme5W1H demo page and compares title and author with the news-please record. */
export async function measureBylines(): Promise<BylineAccuracy> {
  const { items } = await loadCorpus(corpusPath('giveme5w1h-news-cluster'));
  const acc: BylineAccuracy = {
    pages: 0,
    title: { gold: 0, correct: 0 },
    author: { gold: 0, correct: 0, none: 0, wrong: [] },
    junk: { gold: 0, ours: 0, examples: [] },
  };
  for (const item of items) {
    acc.pages += 1;
    const article = extractArticle(renderArticlePage(item), { url: item.originalUrl });
    if (item.title) {
      acc.title.gold += 1;
      if (norm(article.title) === norm(item.title)) acc.title.correct += 1;
    }
    const goldJoined = item.authors.join(', ');
    if (isJunkAuthor(goldJoined)) acc.junk.gold += 1;
    if (article.author && isJunkAuthor(article.author)) {
      acc.junk.ours += 1;
      acc.junk.examples.push(article.author);
    }
    // The Mail writes the outlet after the name ("Jane Roe For Mailonline"): the name is the gold.
    const clean = item.authors.map((a) => a.replace(/\s+for\s+\S+$/i, '')).find((a) => !isJunkAuthor(a));
    if (clean) {
      acc.author.gold += 1;
      if (article.author === null) acc.author.none += 1;
      else if (norm(article.author).startsWith(norm(clean))) acc.author.correct += 1;
      else acc.author.wrong.push(`${article.author} <> ${goldJoined}`);
    }
  }
  return acc;
}
