/** The metadata a page declares about itself (JSON-LD, OpenGraph, meta tags, link rel). */
export interface PageMetadata {
  canonical: string[];
  title: string[];
  author: string[];
  published: string[];
  publisher: string[];
  description: string[];
  language: string[];
  /** Article text declared in JSON-LD (`articleBody`), used when the page body yields little. */
  articleBody: string | null;
}

/** The small DOM surface this module needs (linkedom and browsers both provide it). */
interface ElementLike {
  getAttribute(name: string): string | null;
  textContent: string | null;
}
interface DocumentLike {
  querySelectorAll(selector: string): Iterable<ElementLike>;
  documentElement: ElementLike | null;
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const ARTICLE_TYPES = /(?:Article|BlogPosting|Report|Posting|NewsArticle|WebPage)$/;

function asArray(value: Json | undefined): Json[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function asObject(value: Json | undefined): Record<string, Json> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : null;
}

/**
 * Names of people or organisations: a string, `{name}`, a `{"@id"}` reference to another node of
 * the page's JSON-LD (how `@graph` pages name their authors), or a list of these.
 */
function namesOf(value: Json | undefined, byId?: Map<string, Record<string, Json>>): string[] {
  return asArray(value).flatMap((item) => {
    if (typeof item === 'string') return [item];
    const node = asObject(item);
    const ref = node?.['@id'];
    const name = node?.name ?? (typeof ref === 'string' ? byId?.get(ref)?.name : undefined);
    return typeof name === 'string' ? [name] : [];
  });
}

/** JSON-LD nodes by their `@id`, for references. */
function nodesById(nodes: Record<string, Json>[]): Map<string, Record<string, Json>> {
  const byId = new Map<string, Record<string, Json>>();
  for (const node of nodes) {
    const id = node['@id'];
    if (typeof id === 'string' && !byId.has(id)) byId.set(id, node);
  }
  return byId;
}

function stringsOf(value: Json | undefined): string[] {
  return asArray(value).flatMap((item) => {
    if (typeof item === 'string') return [item];
    const id = asObject(item)?.['@id'] ?? asObject(item)?.url;
    return typeof id === 'string' ? [id] : [];
  });
}

/** Every JSON-LD node of the page, with `@graph` containers flattened. */
function jsonLdNodes(doc: DocumentLike): Record<string, Json>[] {
  const nodes: Record<string, Json>[] = [];
  for (const script of doc.querySelectorAll('script[type="application/ld+json"]')) {
    let parsed: Json;
    try {
      parsed = JSON.parse((script.textContent ?? '').trim()) as Json;
    } catch {
      continue; // Broken JSON-LD is common; the other sources still count.
    }
    const queue = asArray(parsed);
    while (queue.length > 0 && nodes.length < 200) {
      const node = asObject(queue.shift());
      if (!node) continue;
      nodes.push(node);
      queue.push(...asArray(node['@graph']));
    }
  }
  return nodes;
}

function isArticleNode(node: Record<string, Json>): boolean {
  return asArray(node['@type']).some((t) => typeof t === 'string' && ARTICLE_TYPES.test(t));
}

function metaContents(doc: DocumentLike, selectors: string[]): string[] {
  const values: string[] = [];
  for (const selector of selectors) {
    for (const el of doc.querySelectorAll(selector)) {
      const value = el.getAttribute('content') ?? el.getAttribute('datetime') ?? el.getAttribute('href');
      if (value && value.trim()) values.push(value.trim());
    }
  }
  return values;
}

const AUTHOR_META = [
  'meta[name="author"]',
  'meta[property="article:author"]',
  'meta[name="parsely-author"]',
  'meta[name="sailthru.author"]',
  'meta[name="dc.creator" i]',
];
const PUBLISHED_META = [
  'meta[property="article:published_time"]',
  'meta[itemprop="datePublished"]',
  'meta[name="pubdate"]',
  'meta[name="publish-date"]',
  'meta[name="parsely-pub-date"]',
  'meta[name="sailthru.date"]',
  'meta[name="date"]',
  'meta[name="dc.date.issued" i]',
  'meta[name="dcterms.created" i]',
  'meta[property="og:published_time"]',
  'time[itemprop="datePublished"]',
];

/** Reads canonical URL, title, author, dates, publisher, description and language hints. */
export function readMetadata(doc: DocumentLike): PageMetadata {
  const nodes = jsonLdNodes(doc);
  const byId = nodesById(nodes);
  const articles = nodes.filter(isArticleNode);
  // Prefer real article types over a generic WebPage node when both are present.
  articles.sort(
    (a, b) =>
      Number(asArray(b['@type']).some((t) => t !== 'WebPage')) -
      Number(asArray(a['@type']).some((t) => t !== 'WebPage')),
  );
  const ld = (key: string): Json[] => articles.flatMap((node) => asArray(node[key]));
  const ldString = (key: string): string[] => ld(key).filter((v): v is string => typeof v === 'string');
  const publisherNodes = [...ld('publisher'), ...nodes.filter((n) => asArray(n['@type']).includes('Organization'))];
  const body = ldString('articleBody').sort((a, b) => b.length - a.length)[0] ?? null;

  return {
    canonical: [
      ...metaContents(doc, ['link[rel="canonical"]', 'meta[property="og:url"]']),
      ...articles.flatMap((n) => [...stringsOf(n.mainEntityOfPage), ...stringsOf(n.url)]),
    ],
    title: [
      ...ldString('headline'),
      ...metaContents(doc, ['meta[property="og:title"]', 'meta[name="twitter:title"]', 'meta[name="title"]']),
    ],
    author: [...articles.flatMap((n) => namesOf(n.author, byId)), ...metaContents(doc, AUTHOR_META)],
    published: [...ldString('datePublished'), ...metaContents(doc, PUBLISHED_META), ...ldString('dateCreated')],
    publisher: [
      ...metaContents(doc, ['meta[property="og:site_name"]', 'meta[name="application-name"]']),
      ...publisherNodes.flatMap((p) => namesOf(p)),
    ],
    description: [
      ...metaContents(doc, [
        'meta[name="description"]',
        'meta[property="og:description"]',
        'meta[name="twitter:description"]',
      ]),
      ...ldString('description'),
    ],
    language: [
      doc.documentElement?.getAttribute('lang') ?? '',
      ...ldString('inLanguage'),
      ...metaContents(doc, ['meta[http-equiv="content-language" i]', 'meta[property="og:locale"]']),
    ].filter((v) => v.trim() !== ''),
    articleBody: body,
  };
}
