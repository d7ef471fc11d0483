import { TIME_WINDOW_HOURS } from '../model/bounds';
import { presentTrendSummary, TREND_SUMMARY_FIELDS, type TrendSummaryDoc } from '../presenters/trend.presenter';
import type { SearchResultItem, SearchTrendsResponse } from '../responses/trend-lists.schema';
import { SCHEMA_VERSION } from '../version';
import { hoursBefore, nowOf, type QueryDeps } from './query-deps';
import { runSearch, totalOf, type Hit } from './run-search';
import { parseSearch, type ParsedSearch } from './search-syntax';
import { ABSORBED } from './absorbed-trends';

/** Input of searchTrends (validated by SEARCH_PARAMS). */
export interface SearchTrendsInput {
  q: string;
  category?: string;
  time_window: '1h' | '24h' | '7d' | '30d';
  min_impact?: number;
  limit: number;
}

const TEXT_FIELDS = ['topic^3', 'keywords.text^2', 'summary'];

function textClause(text: string, phrase: boolean): Record<string, unknown> {
  return phrase
    ? { multi_match: { query: text, type: 'phrase', fields: TEXT_FIELDS } }
    : { multi_match: { query: text, type: 'cross_fields', operator: 'and', fields: TEXT_FIELDS } };
}

/**
 * The relevance part of a parsed query: any group matches, each group needs all its parts. A query
 * with no word or phrase to match (`-inflation` alone) matches nothing: exclusions narrow what the
 * words found, they are not a search of their own (it would list every trend without the word).
 */
function positiveQuery(p: ParsedSearch): Record<string, unknown> {
  if (p.groups.length === 0) return { match_none: {} };
  const groups = p.groups.map((g) => ({
    bool: {
      must: [
        ...(g.words.length > 0 ? [textClause(g.words.join(' '), false)] : []),
        ...g.phrases.map((ph) => textClause(ph, true)),
      ],
    },
  }));
  return groups.length === 1
    ? (groups[0] as Record<string, unknown>)
    : { bool: { should: groups, minimum_should_match: 1 } };
}

/** The OpenSearch request of searchTrends (exported so the benchmark sends the same one). */
export function searchTrendsRequest(input: SearchTrendsInput, now: Date): Record<string, unknown> {
  const parsed = parseSearch(input.q);
  const filter: Record<string, unknown>[] = [
    { range: { last_seen: { gte: hoursBefore(now, TIME_WINDOW_HOURS[input.time_window]) } } },
  ];
  if (input.category !== undefined) filter.push({ term: { category: input.category.toLowerCase() } });
  if (input.min_impact !== undefined) filter.push({ range: { business_impact_score: { gte: input.min_impact } } });
  const mustNot = [
    ABSORBED,
    ...parsed.excludedWords.map((w) => textClause(w, false)),
    ...parsed.excludedPhrases.map((ph) => textClause(ph, true)),
  ];
  const relevance = positiveQuery(parsed);
  return {
    query: {
      function_score: {
        query: { bool: { must: [relevance], filter, must_not: mustNot } },
        // Recency blend: a trend seen now counts up to twice as much as an equally relevant old one.
        functions: [
          { weight: 1 },
          { gauss: { last_seen: { origin: hoursBefore(now, 0), offset: '6h', scale: '3d', decay: 0.5 } }, weight: 1 },
        ],
        score_mode: 'sum',
        boost_mode: 'multiply',
      },
    },
    sort: [{ _score: { order: 'desc' } }, { last_seen: { order: 'desc' } }, { id: { order: 'asc' } }],
    track_scores: true,
    size: input.limit,
    track_total_hits: true,
    _source: { includes: [...TREND_SUMMARY_FIELDS] },
    highlight: {
      pre_tags: ['<em>'],
      post_tags: ['</em>'],
      encoder: 'html',
      highlight_query: relevance,
      fields: { topic: { number_of_fragments: 0 }, summary: { number_of_fragments: 0 } },
    },
  };
}

function presentResult(h: Hit<TrendSummaryDoc> & { _source: TrendSummaryDoc }): SearchResultItem {
  const highlights: SearchResultItem['highlights'] = {};
  const topic = h.highlight?.topic?.[0];
  const summary = h.highlight?.summary?.[0];
  if (topic !== undefined) highlights.topic = topic;
  if (summary !== undefined) highlights.summary = summary;
  return { ...presentTrendSummary(h._source, h._id), score: Math.round((h._score ?? 0) * 10_000) / 10_000, highlights };
}

/** Trends matching the user's words, by relevance blended with recency (GET /v1/search). */
export async function searchTrends(deps: QueryDeps, input: SearchTrendsInput): Promise<SearchTrendsResponse> {
  const parsed = parseSearch(input.q);
  const base = { query: input.q, time_window: input.time_window, limit: input.limit, schema_version: SCHEMA_VERSION };
  // Nothing to look for (only quotes or dashes, or only -excluded words): an empty answer, not an
  // error (API.md bounds q by its length alone, and the published pattern says exactly that).
  if (parsed.groups.length === 0) return { ...base, results: [], total: 0 };
  const res = await runSearch<TrendSummaryDoc>(deps, deps.names.trends, searchTrendsRequest(input, nowOf(deps)));
  const results = res.hits.hits.flatMap((h) => (h._source ? [presentResult({ ...h, _source: h._source })] : []));
  return {
    query: base.query,
    time_window: base.time_window,
    results,
    total: totalOf(res),
    limit: base.limit,
    schema_version: SCHEMA_VERSION,
  };
}
