import { randomBytes } from 'node:crypto';
import {
  bumpGeneration,
  migrateIndices,
  type ArticleDoc,
  type DomainDoc,
  type IndexNames,
  type OpenSearchClient,
  type Redis,
  type RunDoc,
  type TrendDoc,
} from '@trendscope/core';
import { articleId } from '@trendscope/pipeline/articles/article-id';

/** A fixed clock for seeded data: tests pass the same `now` to the query layer. */
export const FACTORY_NOW = new Date('2026-11-21T12:00:00Z');

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A fresh trend id matching `^tr_[a-z2-7]{8,32}$`. */
export function newTrendId(): string {
  return `tr_${Array.from(randomBytes(12), (b) => BASE32.charAt(b % 32)).join('')}`;
}

/** The ISO time `hours` before `now`. */
export function hoursAgo(hours: number, now: Date = FACTORY_NOW): string {
  return new Date(now.getTime() - hours * 3_600_000).toISOString();
}

/** A complete, valid TrendDoc with its times before `now`; `overrides` replace any field. */
export function buildTrend(overrides: Partial<TrendDoc> = {}, now: Date = FACTORY_NOW): TrendDoc {
  const at = (hours: number): string => hoursAgo(hours, now);
  const id = overrides.id ?? newTrendId();
  const domains = overrides.source_domains ?? ['example.com', 'news.example.org'];
  const first = domains[0] ?? 'example.com';
  return {
    id,
    topic: 'Central bank raises interest rates',
    summary: 'The central bank raised its main interest rate by a quarter point on Tuesday.',
    keywords: ['interest rates', 'central bank'],
    signature: 'central bank interest rate raise',
    category: 'business',
    category_confidence: 0.9,
    velocity: 'accelerating',
    business_impact_score: 5,
    domain_quality_score: 6.5,
    first_seen: at(30),
    last_seen: at(2),
    updated_at: at(1),
    article_count: 4,
    source_count: domains.length,
    source_domains: domains,
    origin_domain: first,
    domain_articles: Object.fromEntries(domains.map((d, i) => [d, i === 0 ? 3 : 1])),
    citations: domains.map((d, i) => ({
      url: `https://${d}/story-${i}`,
      title: `Story ${i} from ${d}`,
      publisher: d.toUpperCase(),
      domain: d,
      author: i === 0 ? 'A. Writer' : null,
      published_date: i === 0 ? at(30) : null,
      word_count: 400 + i,
      fetch_method: i === 0 ? 'page' : 'feed',
    })),
    timeline: [
      { bucket: at(3).replace(/:\d\d:\d\d\.\d{3}Z$/, ':00:00Z'), articles: 1 },
      { bucket: at(2).replace(/:\d\d:\d\d\.\d{3}Z$/, ':00:00Z'), articles: 3 },
    ],
    velocity_metrics: { window_hours: 24, current: 3, previous: 1, growth: 2, peak: 3, age_hours: 30 },
    score_breakdown: {
      business_impact: { volume: 1.5, publishers: 1.2, quality: 1.0, category: 0.8, signals: 0.5 },
      domain_quality: { author: 0.6, date: 0.8, length: 0.7, originality: 0.9, https: 1, extraction: 0.9 },
    },
    language: 'en',
    retained_count: 1,
    ...overrides,
  };
}

/** A complete, valid ArticleDoc with its times before `now`; `overrides` replace any field. */
export function buildArticle(overrides: Partial<ArticleDoc> = {}, now: Date = FACTORY_NOW): ArticleDoc {
  const at = (hours: number): string => hoursAgo(hours, now);
  const url = overrides.url ?? `https://example.com/a/${randomBytes(6).toString('hex')}`;
  const retained = overrides.content_retained ?? true;
  return {
    url,
    canonical_url: url,
    domain: 'example.com',
    publisher: 'Example News',
    author: 'A. Writer',
    published_date: at(5),
    fetched_at: at(4),
    fetch_method: 'page',
    title: 'Central bank raises interest rates again',
    description: null,
    body: retained ? 'The central bank raised interest rates by a quarter point, its third rise this year.' : null,
    content_retained: retained,
    word_count: 16,
    language: 'en',
    simhash: null,
    entities: [],
    trend_id: null,
    source_id: null,
    feed_url: null,
    https: true,
    redactions: { email: 0, phone: 0, card: 0, iban: 0, ip: 0, ssn: 0 },
    category_hint: null,
    indexed_at: at(4),
    ...overrides,
  };
}

/** A finished pipeline run before `now`; `overrides` replace any field. */
export function buildRun(overrides: Partial<RunDoc> = {}, now: Date = FACTORY_NOW): RunDoc {
  const at = (hours: number): string => hoursAgo(hours, now);
  return {
    id: `run-${randomBytes(4).toString('hex')}`,
    kind: 'detect',
    started_at: at(1),
    finished_at: at(0.9),
    status: 'succeeded',
    counts: {},
    ...overrides,
  };
}

/**
 * A domain's quality document as detection writes it (an unrated domain scored by its estimate);
 * `overrides` replace any field.
 */
export function buildDomain(overrides: Partial<DomainDoc> = {}, now: Date = FACTORY_NOW): DomainDoc {
  return {
    domain: 'example.org',
    publisher: 'Example',
    articles: 4,
    observed_articles: 4,
    headline_only: 0,
    share_with_author: 0.5,
    share_with_date: 1,
    median_word_count: 420,
    originality: 1,
    https_share: 1,
    extraction_success: 0.75,
    observed_score: 8.2,
    rated: false,
    rating: null,
    estimate: 6.4,
    estimate_parts: {
      rating: 0.6,
      co_coverage: 0.7,
      intercept: 0.71,
      text: -0.08,
      coverage: -0.02,
      log_articles: -0.01,
      shape: 0.02,
    },
    estimate_interval: { low: 4.9, high: 7.8, level: 0.8, held_out_domains: 628, spearman_rho: 0.214 },
    estimate_observations: { articles: 4, stories: 2 },
    prior: 6.4,
    weights: {
      prior: 0.981,
      observed: 0.019,
      signals: { author: 0.2, date: 0.15, length: 0.2, originality: 0.2, https: 0.1, extraction: 0.15 },
    },
    quality_score: 6.4,
    updated_at: hoursAgo(1, now),
    ...overrides,
  };
}

/** What seed() needs: a client, index aliases, and optionally Redis to bump the data generation. */
export interface SeedTarget {
  opensearch: OpenSearchClient;
  names: IndexNames;
  redis?: Redis;
  prefix?: string;
}

/**
 * Creates the indices (the real migration) and bulk-indexes the documents through the real
 * index layer with refresh, then bumps the data generation as a pipeline write would. Each
 * article's body goes to the bodies index, as the index stage writes it; `legacyArticles` keep
 * theirs inside the article document, as articles written before the bodies index did.
 */
export async function seed(
  services: SeedTarget,
  data: {
    trends?: TrendDoc[];
    articles?: ArticleDoc[];
    legacyArticles?: ArticleDoc[];
    runs?: RunDoc[];
    domains?: DomainDoc[];
  },
): Promise<void> {
  await migrateIndices(services.opensearch, services.names, {
    kinds: ['trends', 'articles', 'bodies', 'runs', 'domains'],
  });
  const ops: unknown[] = [];
  for (const t of data.trends ?? []) ops.push({ index: { _index: services.names.trends, _id: t.id } }, t);
  for (const a of data.articles ?? []) {
    const id = articleId(a.canonical_url);
    ops.push({ index: { _index: services.names.articles, _id: id } }, { ...a, body: null });
    if (a.content_retained && a.body !== null)
      ops.push({ index: { _index: services.names.bodies, _id: id } }, { fetched_at: a.fetched_at, body: a.body });
  }
  for (const a of data.legacyArticles ?? [])
    ops.push({ index: { _index: services.names.articles, _id: articleId(a.canonical_url) } }, a);
  for (const r of data.runs ?? []) ops.push({ index: { _index: services.names.runs, _id: r.id } }, r);
  for (const d of data.domains ?? []) ops.push({ index: { _index: services.names.domains, _id: d.domain } }, d);
  for (let i = 0; i < ops.length; i += 2000) {
    const res = await services.opensearch.bulk({ body: ops.slice(i, i + 2000) as never, refresh: false });
    const body = res.body as { errors: boolean; items: { index?: { error?: unknown } }[] };
    if (body.errors) {
      const first = body.items.find((it) => it.index?.error)?.index?.error;
      throw new Error(`seed: bulk indexing failed: ${JSON.stringify(first)}`);
    }
  }
  await services.opensearch.indices.refresh({
    index: [
      services.names.trends,
      services.names.articles,
      services.names.bodies,
      services.names.runs,
      services.names.domains,
    ],
  });
  if (services.redis && services.prefix) await bumpGeneration(services.redis, services.prefix);
}

/**
 * An article by a publisher of its own (`news-<id>.example`, or `domain` where several reports share
 * one), reported, fetched and indexed at `at` (ms): what detection tests feed a run.
 */
export function publisherArticle(
  id: string,
  at: number,
  title: string,
  entities: string[] = [],
  domain = `news-${id}.example`,
): { id: string; doc: ArticleDoc } {
  const when = new Date(at).toISOString();
  return {
    id,
    doc: buildArticle({
      url: `https://${domain}/${id}`,
      canonical_url: `https://${domain}/${id}`,
      domain,
      publisher: domain === `news-${id}.example` ? `News ${id}` : domain,
      title,
      body: `${title}.`,
      entities,
      published_date: when,
      fetched_at: when,
      indexed_at: when,
    }),
  };
}
