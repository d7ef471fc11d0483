import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { parseLooseDate } from '../sources/parse-date';
import { sanitiseField } from '../sanitise/sanitise-text';
import { cleanArticleElement, type CleanableElement } from './clean-content';
import { readMetadata } from './read-metadata';

/** What extraction yields for one page; fields are plain text except body_html. */
export interface ExtractedArticle {
  canonical_url: string;
  title: string | null;
  author: string | null;
  published_date: string | null;
  publisher: string;
  description: string | null;
  /** Main content as HTML (not yet sanitised; cleanBody() turns it into stored text). */
  body_html: string | null;
  language_hint: string | null;
}

/**
 * Markup that is never article text, removed from the raw HTML before parsing: half of a typical
 * news page is scripts, styles and inline SVG, and the DOM would only build them for Readability
 * to throw away. JSON-LD scripts stay (metadata). A non-greedy match ends where the HTML parser
 * ends these raw-text elements too (at the first closing tag).
 */
const NON_CONTENT_RE =
  /<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script\s*>|<style\b[^>]*>[\s\S]*?<\/style\s*>|<svg\b[^>]*>[\s\S]*?<\/svg\s*>|<!--[\s\S]*?-->/gi;

/** Below this many characters of text Readability's result is replaced by a better source. */
const MIN_BODY_CHARS = 250;

/** Resolves a URL against a base; only absolute http(s) URLs are accepted. */
function httpUrl(value: string | null | undefined, base: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim(), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

function first(values: string[], max?: number): string | null {
  for (const value of values) {
    const clean = sanitiseField(value, max);
    if (clean) return clean;
  }
  return null;
}

/** `article:author` is often a profile URL; a name is wanted, so URLs are skipped. */
function firstAuthor(values: string[]): string | null {
  const names = values
    .filter((v) => !/^(?:https?:)?\/\//i.test(v.trim()) && !/@/.test(v))
    .map((v) => v.replace(/^\s*by\s+/i, ''));
  return first(names, 200);
}

/** The host without a leading `www.`, used as the publisher when the page names none. */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '') || 'unknown';
  } catch {
    return 'unknown';
  }
}

function languageHint(values: string[]): string | null {
  for (const value of values) {
    const tag = value.trim().replace(/_/g, '-').toLowerCase();
    if (/^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/.test(tag)) return tag;
  }
  return null;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Plain text (JSON-LD articleBody) as HTML paragraphs. */
function textToHtml(text: string): string {
  return text
    .split(/\n\s*\n|\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeText(p)}</p>`)
    .join('\n');
}

function textLength(html: string | null): number {
  return html
    ? html
        .replace(/<[^>]*>/g, '')
        .replace(/\s+/g, ' ')
        .trim().length
    : 0;
}

interface ReadabilityResult {
  title: string | null;
  html: string | null;
  byline: string | null;
  siteName: string | null;
  publishedTime: string | null;
  excerpt: string | null;
}

/** The part of linkedom's document used here (its own typings need the DOM library). */
interface PageDocument {
  querySelector(selector: string): { textContent: string | null } | null;
  querySelectorAll(
    selector: string,
  ): Iterable<{ getAttribute(name: string): string | null; textContent: string | null }>;
  documentElement: { tagName?: string; getAttribute(name: string): string | null; textContent: string | null } | null;
}

function parseDocument(html: string): PageDocument {
  const parse = (markup: string) => (parseHTML(markup) as unknown as { document: PageDocument }).document;
  const document = parse(html);
  // linkedom builds no root element for some fragments (a lone `<script>`); wrap those in a page.
  if (document.documentElement?.tagName?.toLowerCase() === 'html') return document;
  const wrapped = parse(`<!doctype html><html><body>${html}</body></html>`);
  // An unclosed raw-text element (`<style>` at the end) can still leave no root: nothing to read.
  return wrapped.documentElement ? wrapped : parse('<!doctype html><html><body></body></html>');
}

function runReadability(document: PageDocument, title: string | null): ReadabilityResult | null {
  let reader: Readability<unknown>;
  try {
    reader = new Readability<unknown>(document, {
      keepClasses: true,
      // Hand back the element itself, so it can be cleaned before being serialised once.
      serializer: (node: unknown) => node,
    });
  } catch {
    // Readability refuses documents without a root element (bytes that were never HTML).
    return null;
  }
  let parsed: ReturnType<typeof reader.parse>;
  try {
    parsed = reader.parse();
  } catch {
    // Fragments whose only root Readability removes (a lone <script>) end here: no article.
    return null;
  }
  if (!parsed) return null;
  const element = parsed.content as (CleanableElement & { innerHTML: string }) | null;
  if (element) cleanArticleElement(element, title ?? parsed.title ?? null);
  return {
    title: parsed.title ?? null,
    html: element ? element.innerHTML : null,
    byline: parsed.byline ?? null,
    siteName: parsed.siteName ?? null,
    publishedTime: parsed.publishedTime ?? null,
    excerpt: parsed.excerpt ?? null,
  };
}

/** Extracts the main content and metadata of an article page. */
export function extractArticle(html: string, opts: { url: string }): ExtractedArticle {
  const document = parseDocument(html.replace(NON_CONTENT_RE, ' '));
  // Metadata is read first: Readability rewrites the document it is given.
  const meta = readMetadata(document);
  const pageTitle = document.querySelector('title')?.textContent ?? '';
  const heading = document.querySelector('h1')?.textContent ?? '';
  const title = first([...meta.title, pageTitle, heading], 500);
  const article = runReadability(document, title);

  let body = article?.html ?? null;
  // Pages rendered without JavaScript sometimes carry the article only in JSON-LD.
  if (meta.articleBody && textLength(body) < Math.min(MIN_BODY_CHARS, meta.articleBody.length)) {
    body = textToHtml(meta.articleBody);
  }

  const canonical = meta.canonical.map((c) => httpUrl(c, opts.url)).find((c) => c !== null);
  const fallbackUrl = httpUrl(opts.url, opts.url) ?? opts.url;
  const published = [...meta.published, article?.publishedTime ?? '']
    .map((d) => parseLooseDate(d))
    .find((d) => d !== null);

  return {
    canonical_url: canonical ?? fallbackUrl,
    title: title ?? first([article?.title ?? ''], 500),
    author: firstAuthor([...meta.author, article?.byline ?? '']),
    published_date: published ?? null,
    publisher:
      first(
        [...meta.publisher, article?.siteName ?? ''].map((p) =>
          /^https?:\/\//i.test(p.trim()) ? hostOf(p.trim()) : p,
        ),
        200,
      ) ?? hostOf(canonical ?? fallbackUrl),
    description: first([...meta.description, article?.excerpt ?? ''], 1000),
    body_html: body && textLength(body) > 0 ? body : null,
    language_hint: languageHint(meta.language),
  };
}
