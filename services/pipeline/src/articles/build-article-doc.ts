import { getHostname } from 'tldts';
import { sourceDomain, type ArticleDoc, type FetchMethod, type Redactions } from '@trendscope/core';

/** The already sanitised and scored parts of one article. */
export interface ArticleParts {
  url: string;
  canonicalUrl: string;
  title: string;
  publisher: string | null;
  author: string | null;
  publishedDate: string | null;
  description: string | null;
  body: { text: string; retained: boolean; redactions: Redactions };
  score: { language: string | null; word_count: number; simhash: string | null; entities: string[] };
  fetchMethod: FetchMethod;
  fetchedAt: Date;
  sourceId: string | null;
  feedUrl: string | null;
  categoryHint: string | null;
}

/**
 * Registrable domain, lowercase, without `www.` (the host itself for IP addresses): core's
 * sourceDomain, the one name a source has for the pipeline and the API alike.
 */
export function registrableDomain(url: string): string {
  return sourceDomain(getHostname(url) ?? new URL(url).hostname);
}

/** Builds the stored article document (articles index, `dynamic: strict`) from its parts. */
export function buildArticleDoc(p: ArticleParts): ArticleDoc {
  const domain = registrableDomain(p.canonicalUrl);
  return {
    url: p.url,
    canonical_url: p.canonicalUrl,
    domain,
    publisher: p.publisher && p.publisher.trim() !== '' ? p.publisher : domain,
    author: p.author && p.author.trim() !== '' ? p.author : null,
    published_date: p.publishedDate,
    fetched_at: p.fetchedAt.toISOString(),
    fetch_method: p.fetchMethod,
    title: p.title,
    description: p.description && p.description.trim() !== '' ? p.description : null,
    body: p.body.retained ? p.body.text : null,
    content_retained: p.body.retained,
    word_count: p.score.word_count,
    language: p.score.language,
    simhash: p.score.simhash,
    entities: p.score.entities.slice(0, 100),
    trend_id: null,
    source_id: p.sourceId,
    feed_url: p.feedUrl,
    https: new URL(p.canonicalUrl).protocol === 'https:',
    redactions: p.body.redactions,
    category_hint: p.categoryHint,
    indexed_at: p.fetchedAt.toISOString(),
  };
}
