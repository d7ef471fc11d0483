import { createHash } from 'node:crypto';
import { sanitiseField } from '../sanitise/sanitise-text';
import { parseLooseDate } from './parse-date';
import { cleanFeedHtml, resolveBase, resolveHttpUrl, textToHtml } from './feed-html';

/** One entry of a feed, normalised across formats. */
export interface FeedEntry {
  /** guid / id / url, else a synthesised 32-hex-character hash of the entry's content. */
  id: string;
  /** Absolute http(s) URL (resolved against xml:base and the feed URL), or null. */
  url: string | null;
  title: string | null;
  summary_html: string | null;
  content_html: string | null;
  author: string | null;
  /** ISO 8601 UTC. */
  published: string | null;
  categories: string[];
}

/** A parsed feed of any supported format. */
export interface ParsedFeed {
  format: 'rss' | 'rdf' | 'atom' | 'json-feed' | 'sitemap' | 'news-sitemap';
  title: string | null;
  link: string | null;
  entries: FeedEntry[];
}

/** A loosely typed node of a parsed document (feedsmith output or plain JSON). */
export type Node = Record<string, unknown>;

/** The node as an object, or an empty one. */
export function obj(value: unknown): Node {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : {};
}

/** The node as an array (a single value becomes a one-element array). */
export function arr(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** A string value: strings and numbers as text, `{value}` / `#text` wrappers unwrapped. */
export function str(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number') return String(value);
  const node = obj(value);
  if ('value' in node) return str(node.value);
  if ('#text' in node) return str(node['#text']);
  return null;
}

function firstStr(...values: unknown[]): string | null {
  for (const value of values) {
    for (const item of arr(value)) {
      const s = str(item);
      if (s !== null) return s;
    }
  }
  return null;
}

/** `email@example.com (Jane Doe)` and `Jane Doe <jane@example.com>` give the name only. */
function authorName(value: string | null): string | null {
  if (!value) return null;
  const inParens = /\(([^)]+)\)\s*$/.exec(value);
  const named = inParens?.[1] ?? value.replace(/<[^>]*@[^>]*>/g, '');
  // A bare e-mail address is personal data and no name: it is not kept.
  const withoutEmail = named.replace(/\S+@\S+\.\S+/g, '').trim();
  return sanitiseField(withoutEmail, 200);
}

/** A plain-text field from an Atom text construct or a string (HTML types flattened). */
function textField(value: unknown, max: number): string | null {
  return sanitiseField(firstStr(value), max);
}

/** An HTML field from an Atom text construct (`type="text"` is escaped first). */
function htmlField(value: unknown, base: string | null): string | null {
  const node = obj(value);
  const text = str(value);
  if (text === null) return null;
  return node.type === 'text' ? textToHtml(text) : cleanFeedHtml(text, base);
}

function categoriesOf(values: unknown[]): string[] {
  const seen = new Set<string>();
  for (const value of values) {
    const node = obj(value);
    const name = str(node.label) ?? str(node.term) ?? str(node.name) ?? str(value);
    const clean = sanitiseField(name, 100);
    if (clean) seen.add(clean);
  }
  return [...seen].slice(0, 50);
}

/** Hash of what identifies an entry when its feed gives no id. */
function synthesiseId(feedUrl: string, parts: Array<string | null>): string {
  return createHash('sha256')
    .update([feedUrl, ...parts.map((p) => p ?? '')].join('\u0000'))
    .digest('hex')
    .slice(0, 32);
}

interface Draft extends Omit<FeedEntry, 'id'> {
  id: string | null;
}

/** Completes ids: a missing one is synthesised, a repeated one is made unique. */
export function finishEntries(drafts: Draft[], feedUrl: string): FeedEntry[] {
  const seen = new Map<string, number>();
  return drafts.map((draft) => {
    // Without a guid the id is a hash of the entry's URL (stable across fetches), else of its content.
    let id =
      draft.id ??
      (draft.url
        ? synthesiseId('', [draft.url])
        : synthesiseId(feedUrl, [draft.title, draft.summary_html, draft.content_html, draft.published]));
    const count = seen.get(id) ?? 0;
    seen.set(id, count + 1);
    // Feeds repeat guids by mistake; a repeated id would make two stories overwrite each other.
    if (count > 0) id = `${id}#${synthesiseId(feedUrl, [draft.title, draft.summary_html, draft.url, String(count)])}`;
    return { ...draft, id };
  });
}

/** RSS 0.9x/2.0 and RDF items (feedsmith shapes; also RSS-in-JSON items). */
export function mapRssItem(item: Node, channelBase: string | null): Draft {
  const base = resolveBase(str(obj(item.xml).base), channelBase);
  const guid = obj(item.guid);
  const guidValue = str(item.guid);
  const atomLinks = arr(obj(item.atom).links).map(obj);
  const link = firstStr(item.link, atomLinks.find((l) => !l.rel || l.rel === 'alternate')?.href);
  const permalink = guid.isPermaLink !== false && guidValue && /^https?:\/\//i.test(guidValue) ? guidValue : null;
  const dc = obj(item.dc);
  return {
    id: guidValue,
    url: resolveHttpUrl(link, base) ?? resolveHttpUrl(permalink, base),
    title: textField(item.title ?? dc.titles ?? dc.title, 500),
    summary_html: cleanFeedHtml(firstStr(item.description, obj(item.atom).summary), base),
    content_html: cleanFeedHtml(firstStr(obj(item.content).encoded, obj(item.atom).content), base),
    author: authorName(
      firstStr(
        arr(item.authors).map((a) => obj(a).name ?? a),
        dc.creators,
        dc.creator,
        arr(obj(item.atom).authors).map((a) => obj(a).name),
      ),
    ),
    published: parseLooseDate(
      firstStr(
        item.pubDate,
        dc.dates,
        dc.date,
        obj(item.atom).published,
        obj(item.dcterms).created,
        obj(item.atom).updated,
      ),
    ),
    categories: categoriesOf([...arr(item.categories), ...arr(dc.subjects), ...arr(dc.subject)]),
  };
}

/** Atom entries. */
export function mapAtomEntry(entry: Node, feedBase: string | null): Draft {
  const base = resolveBase(str(obj(entry.xml).base), feedBase);
  const links = arr(entry.links).map(obj);
  const alternate =
    links.find((l) => (!l.rel || l.rel === 'alternate') && (!l.type || /html/.test(str(l.type) ?? ''))) ??
    links.find((l) => !l.rel || l.rel === 'alternate');
  return {
    id: str(entry.id),
    url: resolveHttpUrl(str(alternate?.href), base),
    title: textField(entry.title, 500),
    summary_html: htmlField(entry.summary, base),
    content_html: htmlField(entry.content, base),
    author: authorName(firstStr(arr(entry.authors).map((a) => obj(a).name))),
    published: parseLooseDate(firstStr(entry.published, entry.updated, obj(entry.dc).dates)),
    categories: categoriesOf(arr(entry.categories)),
  };
}

/** JSON Feed 1.0/1.1 items. */
export function mapJsonFeedItem(item: Node, feedUrl: string): Draft {
  const authors = [...arr(item.authors), ...arr(item.author)].map((a) => obj(a).name);
  return {
    id: str(item.id),
    url: resolveHttpUrl(str(item.url) ?? str(item.external_url), feedUrl),
    title: textField(item.title, 500),
    summary_html: textToHtml(str(item.summary)),
    content_html: cleanFeedHtml(str(item.content_html), feedUrl) ?? textToHtml(str(item.content_text)),
    author: authorName(firstStr(authors)),
    published: parseLooseDate(firstStr(item.date_published, item.date_modified)),
    categories: categoriesOf(arr(item.tags)),
  };
}
