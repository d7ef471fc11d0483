/** Our extractor run over a set of pages as the pipeline stores bodies, with its CPU time. */
import { decodePageBytes } from '../../../src/extract/decode-page-bytes';
import { extractArticle, type ExtractedArticle, type ExtractOptions } from '../../../src/extract/extract-article';
import { htmlToPlainText } from '../../../src/sanitise/sanitise-text';

/** A page to extract: raw bytes and the URL it was fetched from. */
export interface RawPage {
  id: string;
  url: string;
  bytes: Buffer;
}

/** Per page: the stored plain text (before redaction) and the metadata; CPU time for all pages. */
export interface ExtractionRun {
  cpuMs: number;
  text: Record<string, string>;
  articles: Record<string, ExtractedArticle>;
}

/** Bytes to stored body text and metadata, the way the process stage does it. */
export function extractPage(
  page: RawPage,
  opts: Omit<ExtractOptions, 'url'> = {},
): { text: string; article: ExtractedArticle } {
  const article = extractArticle(decodePageBytes(page.bytes), { ...opts, url: page.url });
  return { text: article.body_html ? htmlToPlainText(article.body_html) : '', article };
}

/** Extracts every page once (after a warm-up over the first pages) and measures the CPU time. */
export function runExtraction(pages: RawPage[]): ExtractionRun {
  for (const page of pages.slice(0, 20)) extractPage(page);
  const text: Record<string, string> = {};
  const articles: Record<string, ExtractedArticle> = {};
  const start = process.cpuUsage();
  for (const page of pages) {
    const result = extractPage(page);
    text[page.id] = result.text;
    articles[page.id] = result.article;
  }
  const cpu = process.cpuUsage(start);
  return { cpuMs: (cpu.user + cpu.system) / 1000, text, articles };
}
