import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CorpusFormat, CorpusItem } from './corpus-item';
import { LIVE_FEED_PATH, LiveStream } from './live-stream';
import { loadCorpus } from './load-corpus';
import { renderArticlePage } from './render-article-page';
import { shiftToNow } from './shift-to-now';
import { renderRss } from './render-rss';
import { toLocalPath } from './url-mapping';

/** Options of the local feed server. */
export interface FeedServerOptions {
  corpusDir: string;
  /** Serve at most this many articles (or raw feed files). */
  limit?: number;
  /** Shift every date so that the newest article is `now`. */
  shiftToNow?: boolean;
  now?: Date;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /**
   * Serve the corpus as a live stream (live-stream.ts): this many items appear a second, each dated
   * when it appears, in one feed (`/feeds/live.rss`) instead of the corpus's feeds.
   */
  livePerSecond?: number;
  /** Items the live feed lists (its newest); 500 by default. */
  liveWindow?: number;
}

/** A running feed server. */
export interface FeedServer {
  baseUrl: string;
  /** `host:port`, for PIPELINE_ALLOW_HOSTS. */
  hostPort: string;
  format: CorpusFormat;
  feedUrls: string[];
  /** Articles served (items in feeds, or raw feed files). */
  itemCount: number;
  /** Items that have an article page (the others exist only in their feed). */
  pageCount: number;
  close(): Promise<void>;
}

interface Resource {
  contentType: string;
  body: Buffer;
  etag: string;
}

/**
 * Starts a real HTTP server that replays a corpus folder: feeds under `/feeds/`, article pages under
 * `/<original host>/<original path>` (see url-mapping.ts), `robots.txt` allowing everything, and
 * ETags so conditional GETs are answered with 304. Items without a page answer 404, as a page that
 * cannot be had, so the pipeline falls back to the feed's own content.
 */
export async function startFeedServer(opts: FeedServerOptions): Promise<FeedServer> {
  const corpus = await loadCorpus(opts.corpusDir, { limit: opts.limit });
  const items = opts.shiftToNow ? shiftToNow(corpus.items, opts.now ?? new Date()) : corpus.items;
  const routes = new Map<string, Resource>();
  const live =
    opts.livePerSecond === undefined
      ? null
      : new LiveStream(
          items,
          { perSecond: opts.livePerSecond, window: opts.liveWindow ?? 500, startedAt: Date.now() },
          (item) => toLocalPath(item.originalUrl),
        );
  const server = createServer((req, res) => serve(routes, req, res, live && { stream: live, base: baseUrl }));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve);
  });
  const { address, port } = server.address() as AddressInfo;
  const hostPort = `${address.includes(':') ? `[${address}]` : address}:${port}`;
  const baseUrl = `http://${hostPort}`;

  routes.set('/robots.txt', resource('text/plain; charset=utf-8', 'User-agent: *\nAllow: /\n'));
  const feedUrls: string[] = [];
  let pageCount = 0;
  const byFeed = new Map<string, CorpusItem[]>();
  for (const item of items) {
    const list = byFeed.get(item.feedKey) ?? [];
    list.push(item);
    byFeed.set(item.feedKey, list);
    const path = toLocalPath(item.originalUrl);
    if (item.html)
      routes.set(path, { contentType: 'text/html; charset=utf-8', body: item.html, etag: etagOf(item.html) });
    else if (item.text !== null) routes.set(path, resource('text/html; charset=utf-8', renderArticlePage(item)));
    else continue;
    pageCount++;
  }
  if (live) feedUrls.push(`${baseUrl}${LIVE_FEED_PATH}`);
  for (const [key, list] of live ? [] : [...byFeed.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const path = `/feeds/${encodeURIComponent(key)}.rss`;
    const feedUrl = `${baseUrl}${path}`;
    routes.set(
      path,
      resource('application/rss+xml; charset=utf-8', renderRss({ title: key, base: baseUrl, feedUrl, items: list })),
    );
    feedUrls.push(feedUrl);
  }
  for (const raw of corpus.rawFeeds) {
    routes.set(raw.path, { contentType: raw.contentType, body: raw.body, etag: etagOf(raw.body) });
    feedUrls.push(`${baseUrl}${raw.path}`);
  }
  routes.set('/feeds/index.json', resource('application/json', JSON.stringify({ feeds: feedUrls })));

  return {
    baseUrl,
    hostPort,
    format: corpus.format,
    feedUrls,
    itemCount: corpus.format === 'raw-feeds' ? corpus.rawFeeds.length : items.length,
    pageCount,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function serve(
  routes: Map<string, Resource>,
  req: IncomingMessage,
  res: ServerResponse,
  live: { stream: LiveStream; base: string } | null,
): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  const path = req.url ?? '/';
  const r =
    live && path === LIVE_FEED_PATH
      ? resource('application/rss+xml; charset=utf-8', live.stream.feed(live.base))
      : live && !live.stream.pageVisible(path)
        ? undefined
        : routes.get(path);
  if (!r) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not in this corpus\n');
    return;
  }
  if (req.headers['if-none-match'] === r.etag) {
    res.writeHead(304, { etag: r.etag }).end();
    return;
  }
  res.writeHead(200, { 'content-type': r.contentType, 'content-length': r.body.length, etag: r.etag });
  res.end(req.method === 'HEAD' ? undefined : r.body);
}

function resource(contentType: string, text: string): Resource {
  const body = Buffer.from(text, 'utf8');
  return { contentType, body, etag: etagOf(body) };
}

function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}
