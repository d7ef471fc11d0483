import type { DomainDoc } from '../model/documents';
import { presentSource, presentUnscoredSource } from '../presenters/source.presenter';
import type { SourceResponse } from '../responses/source.schema';
import type { QueryDeps } from './query-deps';
import { getDocument, runMultiSearch, totalOf } from './run-search';
import { ABSORBED } from './absorbed-trends';
import { sourceNotFound } from './source-not-found';

interface DateAgg {
  value_as_string?: string;
  value: number | null;
}

interface TermsAgg {
  buckets: { key: string }[];
}

/**
 * One source's quality score with its parts and its footprint (GET /v1/sources/{domain}): the
 * domain document detection wrote, plus its article count and time span and the trends citing
 * it. A domain with stored articles and no document yet (no detection run has scored it) answers
 * what its articles tell, with null scores (presentUnscoredSource); one with neither was never
 * seen (404). `input.domain` is in the compared form SOURCE_PATH_PARAMS gives (one leading `www.`
 * already dropped: dropping it again here would make `www.www.example.com` ask for example.com).
 */
export async function getSource(deps: QueryDeps, input: { domain: string }): Promise<SourceResponse> {
  const domain = input.domain;
  // Detection's counters are not served: they stay in the index.
  const doc = await getDocument<DomainDoc>(deps, deps.names.domains, domain, { _source_excludes: 'detect_counters' });
  const time = (field: string, fn: 'min' | 'max') => ({ [fn]: { field } });
  const [articles, trends] = await runMultiSearch(deps, [
    {
      index: deps.names.articles,
      body: {
        size: 0,
        track_total_hits: true,
        query: { bool: { filter: [{ term: { domain } }] } },
        aggs: {
          first_published: time('published_date', 'min'),
          last_published: time('published_date', 'max'),
          first_fetched: time('fetched_at', 'min'),
          last_fetched: time('fetched_at', 'max'),
          // Without a domain document, the publisher named is its articles' most common.
          ...(doc ? {} : { publisher: { terms: { field: 'publisher', size: 1 } } }),
        },
      },
    },
    {
      index: deps.names.trends,
      body: {
        size: 0,
        track_total_hits: true,
        query: { bool: { filter: [{ term: { source_domains: domain } }], must_not: [ABSORBED] } },
      },
    },
  ]);
  const articleCount = totalOf(articles!);
  if (!doc && articleCount === 0) throw sourceNotFound(domain);
  const aggs = (articles!.aggregations ?? {}) as Record<string, DateAgg>;
  const at = (name: string): string | null => {
    const a = aggs[name];
    return a && a.value !== null ? (a.value_as_string ?? new Date(a.value).toISOString()) : null;
  };
  const counts = {
    articles: articleCount,
    trends: totalOf(trends!),
    first_seen: at('first_published') ?? at('first_fetched'),
    last_seen: at('last_published') ?? at('last_fetched'),
  };
  if (doc) return presentSource({ ...doc, domain }, counts);
  const publisher = (articles!.aggregations?.['publisher'] as TermsAgg | undefined)?.buckets[0]?.key;
  return presentUnscoredSource(domain, publisher ?? domain, counts);
}
