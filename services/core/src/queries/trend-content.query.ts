import type { ArticleDoc } from '../model/documents';
import { NotFoundError } from '../errors/app-error';
import { DOCUMENT_FIELDS, presentDocument } from '../presenters/document.presenter';
import type { TrendContentResponse } from '../responses/content.schema';
import { SCHEMA_VERSION } from '../version';
import type { QueryDeps } from './query-deps';
import { runSearch, totalOf } from './run-search';
import { resolveTrendDoc } from './trend-detail.query';

/** The OpenSearch request of getTrendContent (exported so the benchmark sends the same one). */
export function trendContentRequest(
  trendIds: readonly string[],
  topic: string,
  limit: number,
): Record<string, unknown> {
  return {
    query: {
      bool: {
        filter: [{ terms: { trend_id: [...trendIds] } }, { term: { content_retained: true } }],
        // Relevance to the trend's topic first, so the most central articles lead.
        should: topic ? [{ multi_match: { query: topic, fields: ['title^2', 'body'] } }] : [],
      },
    },
    sort: [
      { _score: { order: 'desc' } },
      { published_date: { order: 'desc', missing: '_last' } },
      { fetched_at: { order: 'desc' } },
      { canonical_url: { order: 'asc' } },
    ],
    size: limit,
    track_total_hits: true,
    _source: { includes: [...DOCUMENT_FIELDS] },
  };
}

/** The retained bodies of a trend's articles, most relevant then newest first. */
export async function getTrendContent(
  deps: QueryDeps,
  input: { trend_id: string; limit: number },
): Promise<TrendContentResponse> {
  const found = await resolveTrendDoc<{ topic?: string; aliases?: string[] }>(deps, input.trend_id, [
    'topic',
    'aliases',
  ]);
  if (!found) throw new NotFoundError('Trend not found');
  // A merged id answers with the survivor's documents: its articles moved there, or are still
  // moving while a merge is half done (hence the absorbed ids too).
  const res = await runSearch<ArticleDoc>(
    deps,
    deps.names.articles,
    trendContentRequest(
      [...new Set([found.id, input.trend_id, ...(found.doc.aliases ?? [])])],
      found.doc.topic ?? '',
      input.limit,
    ),
  );
  const documents = res.hits.hits.flatMap((h) => (h._source && h._source.body ? [presentDocument(h._source)] : []));
  const total = totalOf(res);
  return {
    trend_id: found.id,
    documents,
    content_retained: total > 0,
    total,
    limit: input.limit,
    merged_into: found.mergedInto,
    schema_version: SCHEMA_VERSION,
  };
}
