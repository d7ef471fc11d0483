import { createHash } from 'node:crypto';
import type { ArticleDoc } from '@trendscope/core';
import type { GivemeArticle } from '@trendscope/pipeline/lab/corpus/giveme.corpus';
import { corpusArticleDoc } from './corpus-article-doc';

/** An ArticleDoc (as the index stage stores it) built from a Giveme5W1H record; id = hash of URL. */
export function givemeArticleDoc(r: GivemeArticle, fetchedAt: string): { id: string; doc: ArticleDoc } {
  return {
    id: createHash('sha256').update(r.url).digest('hex'),
    doc: corpusArticleDoc({
      url: r.url,
      domain: r.domain,
      publisher: r.domain,
      author: r.authors.length > 0 ? r.authors.join(', ') : null,
      published_date: r.date_publish ? `${r.date_publish}Z` : null,
      fetched_at: fetchedAt,
      fetch_method: 'page',
      title: r.title,
      description: r.description || null,
      text: r.text,
    }),
  };
}
