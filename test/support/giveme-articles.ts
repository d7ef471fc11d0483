import { createHash } from 'node:crypto';
import type { ArticleDoc } from '@trendscope/core';
import { scoreArticle } from '@trendscope/pipeline/score/score-article';
import type { GivemeArticle } from '@trendscope/pipeline/lab/corpus/giveme.corpus';

/** An ArticleDoc (as the index stage stores it) built from a Giveme5W1H record; id = hash of URL. */
export function givemeArticleDoc(r: GivemeArticle, fetchedAt: string): { id: string; doc: ArticleDoc } {
  const score = scoreArticle({ title: r.title, text: r.text, url: r.url });
  const retained = r.text.trim().length > 0;
  return {
    id: createHash('sha256').update(r.url).digest('hex'),
    doc: {
      url: r.url,
      canonical_url: r.url,
      domain: r.domain,
      publisher: r.domain,
      author: r.authors.length > 0 ? r.authors.join(', ') : null,
      published_date: r.date_publish ? `${r.date_publish}Z` : null,
      fetched_at: fetchedAt,
      fetch_method: 'page',
      title: r.title,
      description: r.description || null,
      body: retained ? r.text : null,
      content_retained: retained,
      word_count: score.word_count,
      language: score.language,
      simhash: score.simhash,
      entities: score.entities,
      trend_id: null,
      source_id: null,
      feed_url: null,
      https: r.url.startsWith('https:'),
      redactions: { email: 0, phone: 0, card: 0, iban: 0, ip: 0, ssn: 0 },
      category_hint: null,
      indexed_at: fetchedAt,
    },
  };
}
