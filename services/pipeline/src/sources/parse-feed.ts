import { parseFeed as parseXmlFeed } from 'feedsmith';
import { sanitiseField } from '../sanitise/sanitise-text';
import { decodeFeedBytes, gunzipIfNeeded } from './decode-feed-bytes';
import { resolveBase, resolveHttpUrl } from './feed-html';
import {
  arr,
  finishEntries,
  mapAtomEntry,
  mapJsonFeedItem,
  mapRssItem,
  obj,
  str,
  type Node,
  type ParsedFeed,
} from './map-feed-entries';
import { parseSitemap } from './parse-sitemap';

export type { FeedEntry, ParsedFeed } from './map-feed-entries';

/** Bytes that are not a feed this parser understands (the message says why). */
export class FeedParseError extends Error {
  override readonly name = 'FeedParseError';
}

/** Characters that XML 1.0 forbids; real feeds contain them and strict parsers stop on them. */
// eslint-disable-next-line no-control-regex
const INVALID_XML_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

const JSON_FEED_VERSION = /^https?:\/\/jsonfeed\.org\/version\/1(?:\.1)?\/?$/i;

/** The name of the document element, after declarations, processing instructions and comments. */
function rootElement(text: string): string | null {
  const withoutProlog = text.replace(
    /^(?:\s*(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>))*/i,
    '',
  );
  return /^\s*<([A-Za-z_][\w.:-]*)/.exec(withoutProlog)?.[1] ?? null;
}

function parseJson(text: string, url: string): ParsedFeed {
  let doc: Node;
  try {
    doc = obj(JSON.parse(text));
  } catch (error) {
    throw new FeedParseError(`not a feed: invalid JSON (${(error as Error).message})`);
  }
  const version = str(doc.version);
  if (version && JSON_FEED_VERSION.test(version)) {
    const link = resolveHttpUrl(str(doc.home_page_url), url);
    return {
      format: 'json-feed',
      title: sanitiseField(str(doc.title), 500),
      link,
      entries: finishEntries(
        arr(doc.items).map((item) => mapJsonFeedItem(obj(item), url)),
        url,
      ),
    };
  }
  // "RSS-in-JSON" ({"rss": {"channel": {...}}}) is RSS 2.0 written as JSON: its items have RSS
  // element names, so it is read as RSS rather than rejected or mistaken for a JSON Feed.
  const channel = obj(obj(doc.rss).channel);
  if ('item' in channel || 'title' in channel) return mapRss(channel, url);
  throw new FeedParseError('not a feed: JSON that is neither a JSON Feed (jsonfeed.org/version/1.x) nor RSS-in-JSON');
}

function mapRss(channel: Node, url: string): ParsedFeed {
  const base = resolveBase(str(obj(channel.xml).base), url);
  const items = arr(channel.item ?? channel.items).map(obj);
  return {
    format: 'rss',
    title: sanitiseField(str(channel.title), 500),
    link: resolveHttpUrl(str(channel.link), base),
    entries: finishEntries(
      items.map((item) => mapRssItem(item, base)),
      url,
    ),
  };
}

function parseXml(text: string, url: string, root: string): ParsedFeed {
  const local = root.replace(/^.*:/, '').toLowerCase();
  if (local === 'urlset' || local === 'sitemapindex') return parseSitemap(text, url);
  if (local === 'html') throw new FeedParseError('not a feed: an HTML page');
  if (!['rss', 'rdf', 'feed', 'channel'].includes(local)) {
    throw new FeedParseError(`not a feed: unknown XML document element <${root}>`);
  }
  let parsed: ReturnType<typeof parseXmlFeed>;
  try {
    parsed = parseXmlFeed(text);
  } catch (error) {
    throw new FeedParseError(`not a feed: ${(error as Error).message}`);
  }
  const feed = obj(parsed.feed);
  // xml:base may sit on the document element (rss/feed) and again on channel and items.
  const rootTag = new RegExp(`<${root.replace(/[.]/g, '\\.')}\\b[^>]*>`).exec(text)?.[0] ?? '';
  const docBase = resolveBase(/\sxml:base\s*=\s*["']([^"']+)["']/.exec(rootTag)?.[1], url);
  switch (parsed.format) {
    case 'rss':
      return mapRss({ ...feed, xml: obj(feed.xml).base ? feed.xml : { base: docBase } }, url);
    case 'rdf': {
      const rss = mapRss(feed, url);
      return { ...rss, format: 'rdf' };
    }
    case 'atom': {
      const base = resolveBase(str(obj(feed.xml).base), docBase);
      const links = arr(feed.links).map(obj);
      const alternate = links.find((l) => !l.rel || l.rel === 'alternate');
      return {
        format: 'atom',
        title: sanitiseField(str(feed.title), 500),
        link: resolveHttpUrl(str(alternate?.href), base),
        entries: finishEntries(
          arr(feed.entries).map((entry) => mapAtomEntry(obj(entry), base)),
          url,
        ),
      };
    }
    case 'json':
      throw new FeedParseError('not a feed: JSON detected inside XML');
  }
}

/**
 * Parses RSS 0.9x/1.0/2.0, Atom, JSON Feed 1.0/1.1 and (news) sitemaps, sniffed by content.
 * Gzip bytes are gunzipped; the charset comes from the BOM, XML declaration or Content-Type.
 * Throws FeedParseError for anything that is not a feed.
 */
export function parseFeed(body: Buffer, opts: { url: string; contentType?: string | null }): ParsedFeed {
  let bytes: Buffer;
  try {
    bytes = gunzipIfNeeded(body);
  } catch (error) {
    throw new FeedParseError(`not a feed: broken gzip data (${(error as Error).message})`);
  }
  const text = decodeFeedBytes(bytes, opts.contentType).replace(INVALID_XML_CHARS, '');
  const start = text.trimStart();
  if (start === '') throw new FeedParseError('not a feed: empty body');
  try {
    if (start.startsWith('{')) return parseJson(start, opts.url);
    const root = rootElement(start);
    if (!root) throw new FeedParseError('not a feed: neither XML nor JSON');
    return parseXml(start, opts.url, root);
  } catch (error) {
    // The XML parsers throw plain Errors on malformed documents; callers get one error type.
    if (error instanceof FeedParseError) throw error;
    throw new FeedParseError(`not a feed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
