import { readFileSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse as parseDomain } from 'tldts';
import { detectCorpusFormat, listFeedFiles } from './corpus-format';
import type { CorpusItem, LoadedCorpus, RawFeed } from './corpus-item';

/** Reads a corpus folder into items (or raw feeds); `limit` caps the number of items. */
export async function loadCorpus(dir: string, opts: { limit?: number } = {}): Promise<LoadedCorpus> {
  const format = await detectCorpusFormat(dir);
  const limit = opts.limit ?? Number.POSITIVE_INFINITY;
  switch (format) {
    case 'news-please-jsonl':
      return { format, items: loadNewsPlease(dir, limit), rawFeeds: [] };
    case 'uci-tsv-gz':
      return { format, items: loadUciHeadlines(dir, limit), rawFeeds: [] };
    case 'extraction-benchmark':
      return { format, items: loadBenchmark(dir, limit), rawFeeds: [] };
    case 'raw-feeds':
      return { format, items: [], rawFeeds: loadRawFeeds(dir, limit) };
  }
}

interface NewsPleaseRecord {
  url?: string;
  title?: string | null;
  description?: string | null;
  text?: string | null;
  maintext?: string | null;
  authors?: string[] | null;
  date_publish?: string | null;
  source_domain?: string | null;
  newsCluster?: { Category?: string } | null;
}

function loadNewsPlease(dir: string, limit: number): CorpusItem[] {
  const items: CorpusItem[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      if (items.length >= limit) return items;
      if (line.trim() === '') continue;
      const r = JSON.parse(line) as NewsPleaseRecord;
      if (!r.url || !/^https?:\/\//.test(r.url)) continue;
      const host = new URL(r.url).hostname.toLowerCase();
      items.push({
        originalUrl: r.url,
        title: r.title ?? '',
        description: r.description ?? null,
        text: r.text ?? r.maintext ?? '',
        html: null,
        authors: (r.authors ?? []).filter((a) => typeof a === 'string' && a.trim() !== ''),
        // news-please dates carry no zone; they are read as UTC.
        published: parseUtc(r.date_publish),
        publisher: publisherOf(host),
        category: r.newsCluster?.Category ?? null,
        feedKey: r.source_domain ?? host,
      });
    }
  }
  return items;
}

const UCI_CATEGORY: Readonly<Record<string, string>> = {
  b: 'business',
  t: 'technology',
  e: 'entertainment',
  m: 'health',
};
const UCI_FEED_SIZE = 500;

function loadUciHeadlines(dir: string, limit: number): CorpusItem[] {
  const items: CorpusItem[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.tsv.gz'))
    .sort()) {
    // Split on tabs only: titles contain quotes, and a quoting CSV parser would merge lines.
    for (const line of gunzipSync(readFileSync(join(dir, file)))
      .toString('utf8')
      .split('\n')) {
      if (items.length >= limit) return items;
      const cols = line.split('\t');
      if (cols.length !== 8) continue;
      const [, title, rawUrl, publisher, category, , host, ts] = cols as [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      // The data escapes `?` as `\?`.
      const url = rawUrl.replace(/\\\?/g, '?');
      if (!URL.canParse(url) || !/^https?:/.test(url)) continue;
      items.push({
        originalUrl: url,
        title,
        description: null,
        text: null,
        html: null,
        authors: [],
        published: new Date(Number(ts)),
        publisher: publisher.trim() || publisherOf(host),
        category: UCI_CATEGORY[category] ?? null,
        // A feed per 500 headlines in time order, like an aggregator's paged stream.
        feedKey: `uci-${String(Math.floor(items.length / UCI_FEED_SIZE)).padStart(4, '0')}`,
      });
    }
  }
  return items;
}

function loadBenchmark(dir: string, limit: number): CorpusItem[] {
  const truth = JSON.parse(readFileSync(join(dir, 'ground-truth.json'), 'utf8')) as Record<string, { url: string }>;
  const items: CorpusItem[] = [];
  for (const [id, { url }] of Object.entries(truth).sort(([a], [b]) => a.localeCompare(b))) {
    if (items.length >= limit) break;
    if (!URL.canParse(url)) continue;
    const html = gunzipSync(readFileSync(join(dir, 'html', `${id}.html.gz`)));
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html.toString('utf8', 0, 200_000))?.[1]?.trim() ?? url;
    items.push({
      originalUrl: url,
      title: decodeBasicEntities(title),
      description: null,
      text: null,
      html,
      authors: [],
      published: null,
      publisher: null,
      category: null,
      feedKey: 'benchmark',
    });
  }
  return items;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.json': 'application/json',
  '.atom': 'application/atom+xml',
  '.rss': 'application/rss+xml',
  '.rdf': 'application/rdf+xml',
  '.xml': 'application/xml',
};

function loadRawFeeds(dir: string, limit: number): RawFeed[] {
  return listFeedFiles(dir)
    .slice(0, Number.isFinite(limit) ? limit : undefined)
    .map((rel) => ({
      path: `/feeds/${rel}`,
      // No charset: the bytes are served as they were captured, encoding declaration and all.
      contentType: CONTENT_TYPES[extname(rel).toLowerCase()] ?? 'application/octet-stream',
      body: readFileSync(join(dir, rel)),
    }));
}

function parseUtc(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(d.getTime()) ? null : d;
}

function publisherOf(host: string): string {
  return parseDomain(host).domain ?? host.replace(/^www\./, '');
}

function decodeBasicEntities(s: string): string {
  return s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}
