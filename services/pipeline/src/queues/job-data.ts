import Joi from 'joi';
import { FETCH_METHODS, type ArticleDoc, type FetchMethod } from '@trendscope/core';
import type { FeedEntry } from '../sources/parse-feed';
import type { Stage } from './routing-table';

/**
 * Caps on what a job carries through Redis: discover cuts a feed entry to them and the job schema
 * refuses anything larger, so the two never disagree. The HTML caps follow from the stored body,
 * at most MAX_BODY_CHARS (200,000) characters of text: the largest feed content in the real-feeds
 * corpus is 28k characters of HTML and the largest summary 71k, and feed HTML runs 1.3 (median) to
 * 3.5 (worst) characters per character of text, so 500k of content still fills a stored body in
 * the worst measured case, while a larger cap would only put more bytes in Redis per job.
 */
export const JOB_CAPS = Object.freeze({
  /** Feed summary HTML; description keeps 2,000 characters, the body falls back to it. */
  summaryHtmlChars: 100_000,
  /** Feed content HTML, the body when the page cannot be had. */
  contentHtmlChars: 500_000,
  categories: 50,
  categoryChars: 200,
  urlChars: 4096,
  idChars: 4096,
  titleChars: 4096,
  authorChars: 1024,
  publishedChars: 128,
  sourceIdChars: 200,
  feedFormatChars: 64,
  pageKeyChars: 300,
  contentTypeChars: 300,
  pageErrorChars: 2000,
});

// WHATWG URL parsing, as the fetcher does: joi's RFC 3986 check refuses real URLs that browsers
// and publishers use (non-ASCII paths, unescaped quotes).
const httpUrl = Joi.string()
  .max(JOB_CAPS.urlChars)
  .custom((value: string, helpers) => {
    if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) return helpers.error('string.uri');
    return value;
  });
const nullableText = (max: number) => Joi.string().allow('', null).max(max);
const sourceId = Joi.string().min(1).max(JOB_CAPS.sourceIdChars);

/** Discover one feed (or sitemap). */
export interface DiscoverJobData {
  source_id: string;
  feed_url: string;
}

const discoverSchema = Joi.object({ source_id: sourceId.required(), feed_url: httpUrl.required() });

/** One feed entry, as the feed gave it (with a checked URL), cut to JOB_CAPS. */
export type FeedEntryData = Omit<FeedEntry, 'id' | 'url'> & { id: string | null; url: string };

/** A parsed feed entry (with its checked URL) as job data, cut to JOB_CAPS. */
export function toEntryData(e: FeedEntry, url: string): FeedEntryData {
  return {
    id: e.id ?? null,
    url,
    title: e.title ?? null,
    summary_html: e.summary_html?.slice(0, JOB_CAPS.summaryHtmlChars) ?? null,
    content_html: e.content_html?.slice(0, JOB_CAPS.contentHtmlChars) ?? null,
    author: e.author ?? null,
    published: e.published ?? null,
    categories: (e.categories ?? []).slice(0, JOB_CAPS.categories).map((c) => c.slice(0, JOB_CAPS.categoryChars)),
  };
}

const entrySchema = Joi.object({
  id: nullableText(JOB_CAPS.idChars),
  url: httpUrl.required(),
  title: nullableText(JOB_CAPS.titleChars),
  summary_html: nullableText(JOB_CAPS.summaryHtmlChars),
  content_html: nullableText(JOB_CAPS.contentHtmlChars),
  author: nullableText(JOB_CAPS.authorChars),
  published: nullableText(JOB_CAPS.publishedChars),
  categories: Joi.array().items(Joi.string().max(JOB_CAPS.categoryChars)).max(JOB_CAPS.categories).default([]),
});

/** Fetch the page of one entry. */
export interface FetchJobData {
  source_id: string;
  feed_url: string;
  feed_format: string;
  entry: FeedEntryData;
}

const fetchSchema = Joi.object({
  source_id: sourceId.required(),
  feed_url: httpUrl.required(),
  feed_format: Joi.string().max(JOB_CAPS.feedFormatChars).required(),
  entry: entrySchema.required(),
});

/** Where a fetched page waits for the process stage (kept out of the job data, which stays small). */
export interface StoredPage {
  key: string;
  url: string;
  content_type: string | null;
}

/** Extract, sanitise and score one entry (with its page, when it could be had). */
export interface ProcessJobData {
  source_id: string;
  feed_url: string;
  entry: FeedEntryData;
  fetch_method: FetchMethod;
  page: StoredPage | null;
  /** Why the page could not be had (for the logs), when fetch_method is not `page`. */
  page_error: string | null;
}

const processSchema = Joi.object({
  source_id: sourceId.required(),
  feed_url: httpUrl.required(),
  entry: entrySchema.required(),
  fetch_method: Joi.string()
    .valid(...FETCH_METHODS)
    .required(),
  page: Joi.object({
    key: Joi.string().max(JOB_CAPS.pageKeyChars).required(),
    url: httpUrl.required(),
    content_type: Joi.string().allow(null).max(JOB_CAPS.contentTypeChars),
  }).allow(null),
  page_error: nullableText(JOB_CAPS.pageErrorChars),
});

/** Write one article document. */
export interface IndexJobData {
  id: string;
  doc: ArticleDoc;
}

const indexSchema = Joi.object({
  id: Joi.string()
    .pattern(/^[a-f0-9]{64}$/)
    .required(),
  doc: Joi.object({ canonical_url: httpUrl.required(), title: Joi.string().allow('').required() })
    .unknown(true)
    .required(),
});

/** Run trend detection (the scheduler's periodic job); `now` overrides the clock. */
export interface DetectJobData {
  now?: string;
}

const detectSchema = Joi.object({ now: Joi.string().isoDate() });

/** Take a snapshot of every index and prune old ones (the scheduler's periodic job). */
export type SnapshotJobData = Record<string, never>;

const snapshotSchema = Joi.object({});

/** Apply the retention policy (the scheduler's periodic job); `now` overrides the clock. */
export interface RetentionJobData {
  now?: string;
}

const retentionSchema = Joi.object({ now: Joi.string().isoDate() });

/** The joi schema of each stage's job data; a job that fails it is dropped as unrecoverable. */
export const JOB_SCHEMAS: Readonly<Record<Stage, Joi.ObjectSchema>> = Object.freeze({
  discover: discoverSchema,
  fetch: fetchSchema,
  process: processSchema,
  index: indexSchema,
  detect: detectSchema,
  snapshot: snapshotSchema,
  retention: retentionSchema,
});

/** Where a job is in its retries, for stages that degrade on the last attempt. */
export interface StageContext {
  attemptsMade: number;
  attempts: number;
}

/** A job for the next stage, with its deterministic id. */
export interface NextJob<T> {
  id: string;
  data: T;
}

/**
 * A stage's output when something must happen only after its jobs are safely enqueued (e.g. a
 * feed's ETag is remembered only then, so a crash in between re-reads the feed instead of 304).
 */
export interface StageOutput<T> {
  next: NextJob<T>[];
  afterEnqueue: () => Promise<void>;
}
