import type { ArticleDoc } from '@trendscope/core';
import { scoreArticle } from '@trendscope/pipeline/score/score-article';

/** What a corpus row says of an article, in the stored document's terms. */
export type CorpusArticle = Pick<
  ArticleDoc,
  'url' | 'domain' | 'publisher' | 'author' | 'published_date' | 'fetched_at' | 'fetch_method' | 'title' | 'description'
> & { /** The article's text: stored as the body when non-empty, scored either way. */ text: string };

/**
 * The ArticleDoc the index stage would store for a corpus row: scored as the process stage scores
 * it (word count, language, SimHash, entities), not yet in a trend.
 */
export function corpusArticleDoc(a: CorpusArticle): ArticleDoc {
  const { text, ...fields } = a;
  const score = scoreArticle({ title: a.title, text, url: a.url });
  const retained = text.trim().length > 0;
  return {
    ...fields,
    canonical_url: a.url,
    body: retained ? text : null,
    content_retained: retained,
    word_count: score.word_count,
    language: score.language,
    simhash: score.simhash,
    entities: score.entities,
    trend_id: null,
    source_id: null,
    feed_url: null,
    https: a.url.startsWith('https:'),
    redactions: { email: 0, phone: 0, card: 0, iban: 0, ip: 0, ssn: 0 },
    category_hint: null,
    indexed_at: a.fetched_at,
  };
}
