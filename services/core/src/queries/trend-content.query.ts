import type { ArticleDoc } from '../model/documents';
import { NotFoundError } from '../errors/app-error';
import { bodiesRequest, bodyIndices, pickBodies, type BodyHit } from '../opensearch/body-store';
import { DOCUMENT_FIELDS, presentDocument } from '../presenters/document.presenter';
import type { TrendContentResponse } from '../responses/content.schema';
import { SCHEMA_VERSION } from '../version';
import type { QueryDeps } from './query-deps';
import { runSearch, totalOf, type Hit } from './run-search';
import { resolveTrendDoc } from './trend-detail.query';

/**
 * Articles of a trend ranked per request: the trend's retained articles beyond this many (the
 * least relevant by headline, then the oldest) are counted in `total` without their bodies checked.
 */
const CANDIDATES = 1000;

/**
 * Up to this many candidates, their bodies are read with their scores (one search fewer: a trend
 * has about 11 articles); beyond, only the page's bodies are read once ranked.
 */
const BODIES_WITH_SCORES = 50;

/** The article fields a retained document reads besides its body, and what ranking reads. */
const ARTICLE_FIELDS = [...DOCUMENT_FIELDS.filter((f) => f !== 'body'), 'canonical_url'];

/**
 * The first request of getTrendContent: the trend's articles that kept a body, scored by their
 * headline's relevance to the trend's topic (exported so the benchmark sends the same one).
 */
export function trendContentRequest(
  trendIds: readonly string[],
  topic: string,
  size = CANDIDATES,
): Record<string, unknown> {
  return {
    query: {
      bool: {
        filter: [{ terms: { trend_id: [...trendIds] } }, { term: { content_retained: true } }],
        should: topic ? [{ match: { title: { query: topic, boost: 2 } } }] : [],
      },
    },
    sort: [
      { _score: { order: 'desc' } },
      { published_date: { order: 'desc', missing: '_last' } },
      { fetched_at: { order: 'desc' } },
      { canonical_url: { order: 'asc' } },
    ],
    size,
    track_scores: true,
    track_total_hits: true,
    _source: { includes: ARTICLE_FIELDS },
  };
}

type Candidate = Hit<ArticleDoc> & { _source: ArticleDoc };

/**
 * The retained bodies of a trend's articles, most relevant then newest first. Bodies live in their
 * own index (or, for articles from before it, in the article): the articles that kept one are
 * read first, then which of them still has its body (a body can expire before its article) with
 * the body's relevance and, for a trend of up to 50 such articles, its text; for a larger trend,
 * the bodies of the page served are read last. A document's relevance is its best
 * field's, headline (x2) or body, as one multi_match over both scored it when they were stored
 * together. A trend whose bodies all expired answers as one that kept none: `documents: []`,
 * `content_retained: false`.
 */
export async function getTrendContent(
  deps: QueryDeps,
  input: { trend_id: string; limit: number },
): Promise<TrendContentResponse> {
  const found = await resolveTrendDoc<{ topic?: string; aliases?: string[] }>(deps, input.trend_id, [
    'topic',
    'aliases',
  ]);
  if (!found) throw new NotFoundError('Trend not found');
  const topic = found.doc.topic ?? '';
  // A merged id answers with the survivor's documents: its articles moved there, or are still
  // moving while a merge is half done (hence the absorbed ids too).
  const trendIds = [...new Set([found.id, input.trend_id, ...(found.doc.aliases ?? [])])];
  const res = await runSearch<ArticleDoc>(deps, deps.names.articles, trendContentRequest(trendIds, topic));
  const candidates = res.hits.hits.filter((h): h is Candidate => h._source !== undefined);
  const withText = candidates.length <= BODIES_WITH_SCORES;
  const stored = await searchBodies(
    deps,
    candidates.map((h) => h._id),
    { topic, withText },
  );
  const ranked = candidates
    .filter((h) => stored.has(h._id))
    .map((h) => ({ hit: h, score: Math.max(h._score ?? 0, stored.get(h._id)!._score ?? 0) }))
    .sort((a, b) => b.score - a.score || byRecency(a.hit._source, b.hit._source));
  const page = ranked.slice(0, input.limit).map((r) => r.hit);
  const bodies = withText
    ? stored
    : await searchBodies(
        deps,
        page.map((h) => h._id),
      );
  const documents = page.flatMap((h) => {
    const body = bodies.get(h._id)?._source?.body;
    return body ? [presentDocument({ ...h._source, body })] : [];
  });
  const total = ranked.length + Math.max(0, totalOf(res) - candidates.length);
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

/** The stored bodies of `ids` by id (bodiesRequest's hits, the bodies index's first). */
async function searchBodies(
  deps: QueryDeps,
  ids: readonly string[],
  opts: { topic?: string; withText?: boolean } = {},
): Promise<Map<string, BodyHit>> {
  if (ids.length === 0) return new Map();
  const res = await runSearch<BodyHit['_source']>(deps, bodyIndices(deps.names), bodiesRequest(ids, opts));
  return pickBodies(deps.names, res.hits.hits as BodyHit[]);
}

/** The tie-break of equal relevance: published newest first (undated last), then fetched newest, then URL. */
function byRecency(a: ArticleDoc, b: ArticleDoc): number {
  const pa = a.published_date ? Date.parse(a.published_date) : -Infinity;
  const pb = b.published_date ? Date.parse(b.published_date) : -Infinity;
  if (pa !== pb) return pb - pa;
  const fa = Date.parse(a.fetched_at);
  const fb = Date.parse(b.fetched_at);
  if (fa !== fb) return fb - fa;
  return compareBytes(a.canonical_url, b.canonical_url);
}

/** Keyword order (UTF-8 bytes), as OpenSearch sorts a keyword field. */
function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a ?? ''), Buffer.from(b ?? ''));
}
