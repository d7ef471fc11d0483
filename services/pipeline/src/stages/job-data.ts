import type { ArticleDoc, FetchMethod } from '@trendscope/core';

/** Discover one feed (or sitemap). */
export interface DiscoverJobData {
  source_id: string;
  feed_url: string;
}

/** One feed entry, as the feed gave it (bounded). */
export interface FeedEntryData {
  id: string | null;
  url: string;
  title: string | null;
  summary_html: string | null;
  content_html: string | null;
  author: string | null;
  published: string | null;
  categories: string[];
}

/** Fetch the page of one entry. */
export interface FetchJobData {
  source_id: string;
  feed_url: string;
  feed_format: string;
  entry: FeedEntryData;
}

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

/** Write one article document. */
export interface IndexJobData {
  id: string;
  doc: ArticleDoc;
}

/** Run trend detection (the scheduler's periodic job); `now` overrides the clock. */
export interface DetectJobData {
  now?: string;
}

/** Take a snapshot of every index and prune old ones (the scheduler's periodic job). */
export type SnapshotJobData = Record<string, never>;
