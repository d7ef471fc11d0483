import type { ArticleDoc, DomainCounters, DomainDoc, IndexNames, OpenSearchClient } from '@trendscope/core';
import type { CopyCandidate } from '../score/domain-copies';
import type { StoredArticle } from './active-trend';
import { articleTimeIn, searchAll } from './detect.repository';

/** Ids (or terms) per request. */
const BATCH = 1000;

/** The article fields domain quality counts, and those the estimator's sample reads. */
export const DOMAIN_ARTICLE_FIELDS = [
  'domain',
  'publisher',
  'author',
  'published_date',
  'fetched_at',
  'word_count',
  'simhash',
  'https',
  'content_retained',
  'fetch_method',
  'title',
  'url',
];

/** The stored counters of the domains among `domains` that have them (any version). */
export async function loadDomainCounters(
  client: OpenSearchClient,
  names: IndexNames,
  domains: readonly string[],
): Promise<Map<string, DomainCounters>> {
  const out = new Map<string, DomainCounters>();
  for (const d of await storedDomainFields(client, names, domains, ['domain', 'detect_counters'])) {
    if (d.detect_counters) out.set(d.domain, d.detect_counters);
  }
  return out;
}

/** The stored quality score of the domains among `domains` that have a document. */
export async function loadDomainScores(
  client: OpenSearchClient,
  names: IndexNames,
  domains: readonly string[],
): Promise<Map<string, number>> {
  const docs = await storedDomainFields(client, names, domains, ['domain', 'quality_score']);
  return new Map(docs.filter((d) => d.quality_score !== undefined).map((d) => [d.domain, d.quality_score!]));
}

/** Some fields of the stored domain documents among `domains`. */
async function storedDomainFields(
  client: OpenSearchClient,
  names: IndexNames,
  domains: readonly string[],
  fields: readonly string[],
): Promise<(Partial<DomainDoc> & { domain: string })[]> {
  const out: (Partial<DomainDoc> & { domain: string })[] = [];
  const sorted = [...new Set(domains)].sort();
  for (let i = 0; i < sorted.length; i += BATCH) {
    const query = { ids: { values: sorted.slice(i, i + BATCH) } };
    for (const h of await searchAll<Partial<DomainDoc>>(client, names.domains, query, [{ domain: 'asc' }], fields))
      out.push({ ...h._source, domain: h._id });
  }
  return out;
}

/**
 * The assigned articles of some domains with their effective time in [since, until], with the
 * fields domain quality counts: what a domain's counters are rebuilt from when it has none (a
 * deployment from before they were kept, or counters of another version). Bounded by those
 * domains' articles in the window, read once.
 */
export async function loadDomainArticles(
  client: OpenSearchClient,
  names: IndexNames,
  domains: readonly string[],
  since: string,
  until: string,
): Promise<StoredArticle[]> {
  const out: StoredArticle[] = [];
  const sorted = [...new Set(domains)].sort();
  for (let i = 0; i < sorted.length; i += BATCH) {
    const query = {
      bool: {
        filter: [
          { terms: { domain: sorted.slice(i, i + BATCH) } },
          { exists: { field: 'trend_id' } },
          articleTimeIn(since, until),
        ],
      },
    };
    const hits = await searchAll<ArticleDoc>(
      client,
      names.articles,
      query,
      [{ canonical_url: 'asc' }],
      [...DOMAIN_ARTICLE_FIELDS, 'trend_id'],
    );
    for (const h of hits) out.push({ ...h._source, id: h._id });
  }
  return out;
}

/**
 * Assigned articles in [since, until] whose near-duplicate key equals one of `hashes` (an exact
 * repeat: the common syndication case), at most `limit` of them, the earliest published first:
 * the bounded lookup of stored keys a new report's originality is decided against.
 */
export async function loadSimhashMatches(
  client: OpenSearchClient,
  names: IndexNames,
  hashes: readonly string[],
  since: string,
  until: string,
  limit: number,
): Promise<CopyCandidate[]> {
  const out: CopyCandidate[] = [];
  const sorted = [...new Set(hashes)].sort();
  for (let i = 0; i < sorted.length && out.length < limit; i += BATCH) {
    const query = {
      bool: {
        filter: [
          { terms: { simhash: sorted.slice(i, i + BATCH) } },
          { exists: { field: 'trend_id' } },
          articleTimeIn(since, until),
        ],
      },
    };
    const earliest = [{ published_date: { order: 'asc', missing: '_last' } }, { canonical_url: 'asc' }];
    const fields = ['domain', 'published_date', 'fetched_at', 'simhash', 'fetch_method'];
    const hits = await searchAll<ArticleDoc>(client, names.articles, query, earliest, fields, limit - out.length);
    for (const h of hits) out.push({ ...h._source, id: h._id });
  }
  return out;
}
