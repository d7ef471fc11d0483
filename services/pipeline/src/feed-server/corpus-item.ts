/** One article of a corpus, normalised so every corpus format is served the same way. */
export interface CorpusItem {
  /** The article's original URL (kept as canonical link, og:url and permalink guid). */
  originalUrl: string;
  title: string;
  description: string | null;
  /** Plain-text body for a generated article page; null when the corpus has none. */
  text: string | null;
  /** A real page served as is (benchmark pages); null when the corpus has none. */
  html: Buffer | null;
  authors: string[];
  published: Date | null;
  /** Publisher name for metadata (og:site_name / JSON-LD publisher). */
  publisher: string | null;
  category: string | null;
  /** Items with the same key share a feed (e.g. one feed per publisher domain). */
  feedKey: string;
}

/** A feed file served as is (raw feed corpora). */
export interface RawFeed {
  path: string;
  contentType: string;
  body: Buffer;
}

/** What a corpus loader returns: articles to render, or raw feeds to serve unchanged. */
export interface LoadedCorpus {
  format: CorpusFormat;
  items: CorpusItem[];
  rawFeeds: RawFeed[];
}

/** The corpus formats the feed server recognises by their files. */
export type CorpusFormat = 'news-please-jsonl' | 'uci-tsv-gz' | 'extraction-benchmark' | 'raw-feeds';
