import { MAX_CITATIONS, type ArticleDoc, type CitationDoc, type TimelineBucket, type TrendDoc } from '@trendscope/core';
import type { Classifier } from '../classify/classifier';
import { normalizeText } from '../text/normalize-text';
import { meanEmbedding, type ImpactInput } from './impact-features';
import { businessImpact, IMPACT_HEADLINES } from './impact';
import { keyPhrases } from './key-phrases';
import { articleVector, dot, normalise, topTerms, type TermVector } from './term-vector';
import { chooseTopic } from './topic';
import {
  DEFAULT_VELOCITY_OPTIONS,
  independentReportTimes,
  velocityClass,
  velocityHistory,
  velocityMetrics,
  type VelocityOptions,
} from './velocity';

/** The article fields a trend is built from, plus the article id and its effective time (ms). */
export type TrendMember = Pick<
  ArticleDoc,
  | 'url'
  | 'title'
  | 'description'
  | 'body'
  | 'publisher'
  | 'domain'
  | 'author'
  | 'published_date'
  | 'word_count'
  | 'fetch_method'
  | 'language'
  | 'simhash'
  | 'content_retained'
> & { id: string; time: number };

/** What buildTrend needs besides the members. */
export interface BuildTrendOptions {
  now: Date;
  classifier: Classifier;
  idf: (term: string) => number;
  /** Quality score per domain (from the domains index); a domain without one counts as 5.5. */
  domainQuality: ReadonlyMap<string, number>;
  velocity?: VelocityOptions;
  /** Sentence embedding of a headline, when the run embedded it (centralHeadlines says which). */
  embedText?: (text: string) => Float32Array | undefined;
}

/** Hourly buckets kept on a trend (the most recent ones). */
export const MAX_TIMELINE_BUCKETS = 720;
/** Terms in the stored retrieval signature. */
const SIGNATURE_TERMS = 30;
/** Quality assumed for a domain that has no score yet (the middle of the scale). */
const UNKNOWN_QUALITY = 5.5;

/**
 * Builds the stored TrendDoc of one cluster: key-phrase topic and keywords, extractive summary of
 * the most central article, category, velocity with its metrics and class history, both scores
 * with their breakdown, bounded citations and per-domain counts. Pure: the clock is `opts.now`.
 */
export function buildTrend(id: string, members: readonly TrendMember[], opts: BuildTrendOptions): TrendDoc {
  if (members.length === 0) throw new RangeError('a trend needs at least one article');
  const now = opts.now.getTime();
  const vopts = opts.velocity ?? DEFAULT_VELOCITY_OPTIONS;
  const { sorted, vectors, centroid, central } = trendCentre(members, opts.idf);
  const origin = sorted[0]!;
  const centralMember = sorted[central]!;

  const phrases = keyPhrases(
    sorted.map((m) => m.title),
    opts.idf,
  );
  const firstTitle = sorted.map((m) => normalizeText(m.title)).find((t) => t !== '') ?? origin.domain;
  const centralTitle = normalizeText(centralMember.title) || firstTitle;
  const headlines = [centralTitle, ...sorted.map((m) => normalizeText(m.title))].filter((t) => t !== '');
  const topic = clip(chooseTopic(sorted.length === 1 ? [] : phrases, headlines) || firstTitle, 200);
  // The central article may have no text at all (feed items without a description).
  const summary = [centralMember, ...sorted].map(summarise).find((s) => s !== '') ?? clip(topic, 320);
  const categoryText = [...sorted.slice(0, 20).map((m) => m.title), summary].join('. ');
  const { category, confidence } = opts.classifier.classify(categoryText);

  const reports = independentReportTimes(sorted.map((m) => ({ time: m.time, simhash: m.simhash })));
  const metrics = velocityMetrics(reports, origin.time, now, vopts);
  const domainArticles: Record<string, number> = {};
  for (const m of sorted) domainArticles[m.domain] = (domainArticles[m.domain] ?? 0) + 1;
  const domains = Object.keys(domainArticles).sort(
    (a, b) => domainArticles[b]! - domainArticles[a]! || (a < b ? -1 : 1),
  );
  const publishers = new Set(sorted.map((m) => m.publisher || m.domain)).size;
  const perDomain = Object.fromEntries(domains.map((d) => [d, opts.domainQuality.get(d) ?? UNKNOWN_QUALITY]));
  const meanQuality = domains.reduce((s, d) => s + perDomain[d]!, 0) / domains.length;
  const domainQualityScore = Math.round(meanQuality * 10) / 10;
  const impact = businessImpact(
    impactInput(centralHeadlines({ sorted, vectors, centroid }), summary, domains, reports.length, opts),
  );

  return {
    id,
    topic,
    summary,
    keywords: phrases.map((p) => p.display.toLowerCase()),
    signature: [...topTerms(centroid, SIGNATURE_TERMS).keys()].join(' '),
    category,
    category_confidence: confidence,
    velocity: velocityClass(metrics, vopts),
    business_impact_score: impact.score,
    domain_quality_score: domainQualityScore,
    first_seen: iso(origin.time),
    last_seen: iso(sorted[sorted.length - 1]!.time),
    updated_at: iso(now),
    article_count: sorted.length,
    source_count: domains.length,
    source_domains: domains.slice(0, 200),
    origin_domain: origin.domain,
    domain_articles: domainArticles,
    citations: citations(sorted),
    timeline: timeline(sorted, reports, origin.time, now, vopts),
    velocity_metrics: metrics,
    score_breakdown: {
      business_impact: impact,
      domain_quality: {
        per_domain: Object.fromEntries(domains.slice(0, MAX_CITATIONS).map((d) => [d, perDomain[d]])),
        domains: domains.length,
        mean: domainQualityScore,
      },
      independent_reports: reports.length,
      publishers,
    },
    language: mostCommon(sorted.map((m) => m.language).filter((l): l is string => l !== null)),
    retained_count: sorted.filter((m) => m.content_retained).length,
  };
}

/** A trend's members in time order, their term vectors, the centroid and the most central member. */
export function trendCentre(
  members: readonly TrendMember[],
  idf: (term: string) => number,
): { sorted: TrendMember[]; vectors: TermVector[]; centroid: TermVector; central: number } {
  const sorted = [...members].sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : 1));
  const vectors = sorted.map((m) => articleVector(m.title, m.description ?? m.body ?? '', idf));
  const centroid: TermVector = new Map();
  for (const v of vectors) for (const [t, w] of v) centroid.set(t, (centroid.get(t) ?? 0) + w);
  normalise(centroid);
  let central = 0;
  vectors.forEach((v, i) => {
    if (dot(v, centroid) > dot(vectors[central]!, centroid) + 1e-12) central = i;
  });
  return { sorted, vectors, centroid, central };
}

/** The trend's most central distinct headlines (closest to the centroid), which the impact score reads. */
export function centralHeadlines(
  centre: Pick<ReturnType<typeof trendCentre>, 'sorted' | 'vectors' | 'centroid'>,
): string[] {
  const { sorted, vectors, centroid } = centre;
  const order = sorted
    .map((_, i) => i)
    .sort((a, b) => dot(vectors[b]!, centroid) - dot(vectors[a]!, centroid) || a - b);
  const headlines: string[] = [];
  for (const i of order) {
    const title = normalizeText(sorted[i]!.title);
    if (title !== '' && !headlines.includes(title)) headlines.push(title);
    if (headlines.length === IMPACT_HEADLINES) break;
  }
  return headlines;
}

/**
 * What the impact score reads: the central headlines, the summary, the citing domains, the
 * independent reports, the classifier's probabilities for that text (the form the impact model was
 * fitted on: headlines and a lead) and the headlines' mean embedding when the run has one.
 */
function impactInput(
  headlines: string[],
  summary: string,
  domains: readonly string[],
  reports: number,
  opts: BuildTrendOptions,
): ImpactInput {
  const probs = opts.classifier.probabilities([...headlines, summary].join('. '));
  const categories = Object.fromEntries(probs.map((p) => [p.category, p.p]));
  const vectors = opts.embedText ? headlines.map(opts.embedText).filter((v) => v !== undefined) : [];
  const embedding = vectors.length === headlines.length ? meanEmbedding(vectors) : undefined;
  return { headlines, summary, domains, reports, categories, ...(embedding ? { embedding } : {}) };
}

/** One or two leading sentences of the article (description first, else body), at most ~320 chars. */
export function summarise(m: Pick<TrendMember, 'title' | 'description' | 'body'>): string {
  const source = [m.description, m.body, m.title].map((t) => normalizeText(t ?? '')).find((t) => t !== '') ?? '';
  const sentences = source
    .match(/[^.!?]+(?:[.!?]+["'”’)]?|$)/g)
    ?.map((s) => s.trim())
    .filter(Boolean) ?? [source];
  let out = sentences[0] ?? '';
  if (out.length < 120 && sentences[1] && out.length + sentences[1].length < 320) out = `${out} ${sentences[1]}`;
  return clip(out, 320);
}

/** Earliest article of each domain first (source diversity), then the rest in time order, bounded. */
function citations(sorted: readonly TrendMember[]): CitationDoc[] {
  const firsts: TrendMember[] = [];
  const rest: TrendMember[] = [];
  const seen = new Set<string>();
  for (const m of sorted) {
    if (seen.has(m.domain)) rest.push(m);
    else {
      seen.add(m.domain);
      firsts.push(m);
    }
  }
  return [...firsts, ...rest]
    .slice(0, MAX_CITATIONS)
    .sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : 1))
    .map((m) => ({
      url: m.url,
      title: m.title,
      publisher: m.publisher,
      domain: m.domain,
      author: m.author,
      published_date: m.published_date,
      word_count: m.word_count,
      fetch_method: m.fetch_method,
    }));
}

/** Article counts per hour, each bucket with the velocity class as of its end (class history). */
function timeline(
  sorted: readonly TrendMember[],
  reports: readonly number[],
  firstSeen: number,
  now: number,
  vopts: VelocityOptions,
): TimelineBucket[] {
  const counts = new Map<number, number>();
  for (const m of sorted) {
    const hour = Math.floor(m.time / 3_600_000) * 3_600_000;
    counts.set(hour, (counts.get(hour) ?? 0) + 1);
  }
  const buckets = [...counts.entries()].sort((a, b) => a[0] - b[0]).slice(-MAX_TIMELINE_BUCKETS);
  const history = velocityHistory(
    reports,
    firstSeen,
    buckets.map(([hour]) => Math.min(now, hour + 3_600_000 - 1)),
    vopts,
  );
  return buckets.map(([hour, articles], i) => ({
    bucket: iso(hour),
    articles,
    velocity: velocityClass(history[i]!, vopts),
  }));
}

function mostCommon(values: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? null;
}

function clip(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.000Z$/, 'Z');
}
