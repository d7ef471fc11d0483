import type { Category, FetchMethod, Velocity } from './taxonomy';
import type { VelocityRule, VelocityThresholds } from './velocity-rule';

/**
 * The documents stored in OpenSearch (infra/opensearch/*.json). The pipeline writes them, the
 * query layer reads them; both import these types, so the two sides cannot drift apart.
 * Timestamps are ISO 8601 UTC strings.
 */

/** Counts of personal data redacted from an article, per type. */
export interface Redactions {
  email: number;
  phone: number;
  card: number;
  iban: number;
  ip: number;
  ssn: number;
}

/**
 * The body of one article (the bodies index; id = the article's id), kept apart from its article
 * so it can expire first. Written only when the body was retained.
 */
export interface BodyDoc {
  /** When the article was fetched: retention dates the body by it, as it dates the article. */
  fetched_at: string;
  /** Sanitised plain text. */
  body: string;
}

/** One article (id = hash of canonical_url). */
export interface ArticleDoc {
  url: string;
  canonical_url: string;
  domain: string;
  publisher: string;
  author: string | null;
  published_date: string | null;
  fetched_at: string;
  fetch_method: FetchMethod;
  title: string;
  description: string | null;
  /**
   * Sanitised plain text; null when not retained. Stored in the bodies index (BodyDoc): an article
   * document holds it only when written before bodies had their own index (readBodies reads both).
   */
  body: string | null;
  content_retained: boolean;
  word_count: number;
  language: string | null;
  /** 64-bit SimHash as 16 hex characters (near-duplicate key). */
  simhash: string | null;
  entities: string[];
  trend_id: string | null;
  source_id: string | null;
  feed_url: string | null;
  https: boolean;
  redactions: Redactions;
  category_hint: string | null;
  indexed_at: string;
  /** Detection's sentence embeddings of this article's texts, each read once (not indexed, never served). */
  detect_embeddings?: ArticleEmbeddings;
  /**
   * Set by the detection run that found this report to be an edition of a recurring column
   * (never clustered): later runs leave it out from the start instead of finding it again.
   */
  detect_column?: boolean;
}

/**
 * Compact sentence embeddings of an article's texts (pipeline embed/compact-embedding.ts, each
 * keyed by the text and encoder it was read from): written by the detection run that first needs
 * one, so later runs that rebuild its trend do not run the encoder on it again.
 */
export interface ArticleEmbeddings {
  /** Of the text its trend's category vote reads (headline and lead). */
  voter?: string;
  /** Of its normalised headline (the impact score's central headlines). */
  headline?: string;
  /** Of its headline as displayed (the sample whose centre of meaning chooses the topic). */
  topic?: string;
}

/** One citation of a trend: the provenance of one article. */
export interface CitationDoc {
  url: string;
  title: string;
  publisher: string;
  domain: string;
  author: string | null;
  published_date: string | null;
  word_count: number;
  fetch_method: FetchMethod;
}

/** Article count of one hourly bucket of a trend's life (bucket = ISO hour). */
export interface TimelineBucket {
  bucket: string;
  articles: number;
  /** Velocity class computed at the end of this bucket (class history). */
  velocity?: Velocity;
}

/** The numbers behind a velocity class. */
export interface VelocityMetrics {
  window_hours: number;
  current: number;
  previous: number;
  growth: number;
  peak: number;
  age_hours: number;
  /** Version of the rule that decided the class (absent: rule 1, written before versions were stored). */
  rule_version?: number;
  /** The clause that decided the class (absent under rule 1). */
  rule?: VelocityRule;
  /** The thresholds the class was decided with (absent under rule 1). */
  thresholds?: VelocityThresholds;
}

/** One trend (id = `tr_` + base32 hash of the founding article id). */
export interface TrendDoc {
  id: string;
  topic: string;
  summary: string;
  keywords: string[];
  /** Weighted key terms used to retrieve candidate trends for new articles. */
  signature: string;
  category: Category;
  category_confidence: number;
  velocity: Velocity;
  business_impact_score: number;
  domain_quality_score: number;
  first_seen: string;
  last_seen: string;
  updated_at: string;
  article_count: number;
  source_count: number;
  source_domains: string[];
  /** Domain that published the earliest article. */
  origin_domain: string;
  /** Citations per domain (all articles, not only the bounded citation list). */
  domain_articles: Record<string, number>;
  citations: CitationDoc[];
  timeline: TimelineBucket[];
  velocity_metrics: VelocityMetrics;
  score_breakdown: Record<string, unknown>;
  language: string | null;
  /** Articles of this trend whose body was retained. */
  retained_count: number;
  /** Ids of trends merged into this one: they keep resolving to it (absent when none). */
  aliases?: string[];
  /**
   * Set on a trend detection is merging into another (the survivor's id) before its articles move:
   * lists leave it out at once; the document is deleted once the merge is done (absent otherwise).
   */
  merged_into?: string;
  /** Its most frequent named entities (indexed): how detection finds it again once closed. */
  entities?: string[];
  /** Detection's compact state (heaviest centroid terms, entity counts): a closed trend is compared without reading its articles. */
  detect_state?: TrendDetectState;
  /**
   * The terms the clustering finds this trend under (the heaviest INDEXED_TERMS of its state's
   * centroid; indexed): a run reads the state of an open trend only when a new report may reach it.
   */
  detect_terms?: string[];
  /** When the clustering counts it founded (its part's start when it has one; indexed): the fragment merge's window. */
  detect_founded?: string;
  /**
   * Set when, its roundup columns' editions set aside ("10 Things You Need To Know Before The
   * Opening Bell", "Business in Brief"), fewer than two publishers report it: stored, searchable and
   * served by id, but not listed, like one outlet's report (model/listing.ts; absent otherwise).
   */
  roundup?: boolean;
  /**
   * Set when half or more of its reports are editions of template columns whose headlines name
   * another day on each edition ("Mortgage Rate Summary for PNC Bank Mar 12", "... Mar 13"): rate
   * tables republished daily, not a story. Stored, searchable and served by id, but not listed
   * (model/listing.ts; absent otherwise).
   */
  dated_column?: boolean;
}

/** What detection keeps on a trend to compare a new report with it later (not indexed). */
export interface TrendDetectState {
  terms: Record<string, number>;
  entities: Record<string, number>;
  /** Sum of its headlines' meaning vectors (when meaning merges are on): a run compares without reading its articles. */
  meaning?: number[];
  /** What moves with the clock, kept so that an untouched trend is refreshed without reading its articles. */
  clock?: TrendClock;
  /**
   * Set on a trend the story rejoin made of trends founded apart: the part new reports are compared
   * with (its latest-founded part, with every member reported since), of which the sums above are.
   */
  part?: TrendPart;
  /**
   * Set on a trend the story rejoin made of trends founded apart: its first and latest foundings as
   * the rejoin saw them when it joined them (detect/founding-views.ts). A later run judges a new
   * trend against each too, as one run over the same reports judges it against each founding, not
   * only against the union's central headlines. Absent on trends written before it: judged whole.
   */
  foundings?: TrendFounding[];
  /**
   * Kept on a trend with more members than a run reads (PIPELINE_DETECT_MAX_MEMBERS_READ): what a
   * run needs besides the document to add new members to it without reading the old ones.
   */
  growth?: TrendGrowth;
}

/** What a trend above the member bound grows from (detect/grow-trend.ts), besides its document. */
export interface TrendGrowth {
  /** Its distinct publishers (publisher, else domain), sorted. */
  publishers: string[];
  /** Its members per language. */
  languages: Record<string, number>;
  /** The near-duplicate key (SimHash) of each of the clock's reports, in the same order (null: none). */
  report_keys: (string | null)[];
}

/** The story part a rejoined trend clusters by: when it was founded (ms) and its members then on. */
export interface TrendPart {
  first_seen: number;
  article_count: number;
}

/** One founding of a rejoined trend: the story rejoin's view of it (times in ms). */
export interface TrendFounding {
  first_seen: number;
  second_seen: number;
  last_seen: number;
  article_count: number;
  /** Its heaviest unit-centroid terms. */
  centroid: Record<string, number>;
  entities: string[];
  central: string[];
}

/**
 * The part of a trend's state its served numbers move with while no article joins it: the
 * independent report times the velocity windows can still count, the topic before the run made
 * listed topics distinct, and the view the story rejoin compares it by (absent under its size).
 */
export interface TrendClock {
  /** Independent report times (ms, ascending) no earlier than 2W before its last report. */
  reports: number[];
  /** The topic as built from its members (distinct-topics.ts may have renamed the served one). */
  topic: string;
  /** The story rejoin's view: heaviest unit-centroid terms, its entities, its central headlines. */
  story?: { centroid: Record<string, number>; entities: string[]; central: string[] };
}

/** Quality signals and score of one registrable domain. */
export interface DomainDoc {
  domain: string;
  publisher: string;
  /** Articles seen of the domain in the window (pages and headline-only feed items). */
  articles: number;
  /**
   * Articles the observed signals were measured on: those whose page was fetched and extracted
   * (every article when there is no prior). Absent on documents written before it was counted.
   */
  observed_articles?: number;
  /** Articles seen only as a feed or sitemap item (no page): they leave the prior untouched. */
  headline_only?: number;
  /** The signals below are null when no article was observed (nothing to measure). */
  share_with_author: number | null;
  share_with_date: number | null;
  median_word_count: number | null;
  originality: number | null;
  https_share: number | null;
  extraction_success: number | null;
  /** 1 + 9 x the weighted signals above; null when none was measured. */
  observed_score: number | null;
  /** True when a published rating exists for the domain. */
  rated: boolean;
  /** The published rating (`value` = pc1, 0-1) and its citation, null when unrated. */
  rating: { source: string; value: number } | null;
  /** The estimator's score (1.0-10.0) from text, co-coverage and volume; null without an estimator. */
  estimate: number | null;
  /** The estimate's parts in rating units (they add up to `rating` before clamping to 0-1). */
  estimate_parts: {
    rating: number;
    co_coverage: number;
    intercept: number;
    text: number;
    coverage: number;
    log_articles: number;
    /** Absent on documents written before the estimate had a shape part. */
    shape?: number;
  } | null;
  /**
   * Where the rating likely lies (1.0-10.0): the central `level` share of the estimate's errors on
   * held-out rated domains seen in as many articles; null without an estimate or its errors.
   */
  estimate_interval?: {
    low: number;
    high: number;
    level: number;
    held_out_domains: number;
    spearman_rho: number;
  } | null;
  /** Headlines and co-covered stories the estimate rests on. */
  estimate_observations?: { articles: number; stories: number } | null;
  /** The score the observed signals move: the rating's, else the estimate's, else the observed. */
  prior: number;
  /** Weights of prior and observed score in quality_score (they add up to 1), and of each signal. */
  weights: { prior: number; observed: number; signals: Record<string, number> };
  quality_score: number;
  updated_at: string;
  /** Detection's per-domain counters (not indexed, never served): the run updates them instead of re-reading the window. */
  detect_counters?: DomainCounters;
}

/** Counts of one set of a domain's articles (its page-observed ones, or all of them). */
export interface DomainTally {
  n: number;
  author: number;
  date: number;
  https: number;
  extraction: number;
  /** Articles that repeated an earlier near-duplicate when detection first saw them. */
  copies: number;
  /** Word-count histogram: bucket index (domain-counters.ts) -> articles. */
  words: Record<string, number>;
}

/** One day (UTC, by article time) of a domain's counters. */
export interface DomainDayCounts {
  page: DomainTally;
  all: DomainTally;
  publishers: Record<string, number>;
}

/**
 * What detection keeps per domain so that a run updates its quality from the new reports alone:
 * per-day counts (the window slides by dropping days), the most recent headlines and URLs (the
 * estimator's sample) and the ids the last run counted (a retried run does not count them twice).
 */
export interface DomainCounters {
  version: number;
  days: Record<string, DomainDayCounts>;
  recent: { id: string; time: number; title: string; url: string }[];
  counted: string[];
}

/** One pipeline run (detect, ingest, ...), for /v1/stats freshness. */
export interface RunDoc {
  id: string;
  kind: string;
  started_at: string;
  finished_at: string | null;
  status: 'running' | 'succeeded' | 'failed';
  counts: Record<string, number>;
}
