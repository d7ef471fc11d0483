import { parseLooseDate } from '../sources/parse-date';
import { furnitureParagraphs } from '../sanitise/page-furniture';
import { sanitiseField } from '../sanitise/sanitise-text';
import { metaDocument } from './meta-document';
import { nodeText, parsePage, type PageNode, type ParsedPage } from './page-tree';
import { validAuthorNames } from './author-name';
import { HOST_NOISE, pickHeadline } from './pick-headline';
import { outletKey } from '../sanitise/embedded-posts';
import { cleanAuthorName, headlineDate, readByline, urlDate, withCoAuthors } from './read-byline';
import { readMetadata } from './read-metadata';
import { blockModel, blockProbability, keptBlocks, type BlockModel } from './block-classifier';
import { blockFeatures, textsOutside } from './block-features';
import { blocksToHtml, contentBlocks, type TextBlock } from './render-content';
import { measurePage, selectContent } from './select-content';

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
  /** Set when a bound stopped extraction: the body is null and the feed's text stands in. */
  failure?: ExtractionFailure;
}

/** Why a page was not extracted: it was larger, deeper-nested or slower than the bounds allow. */
export type ExtractionFailure = 'too_large' | 'too_many_nodes' | 'too_deep' | 'time';

/** Bounds on the extraction of one page (defaults: EXTRACTION_LIMITS). */
export interface ExtractionLimits {
  maxHtmlChars: number;
  maxDepth: number;
  maxOpen: number;
  maxNodes: number;
  maxMs: number;
}

/** Pages beyond these are not worth a worker's time: real articles stay far below all of them. */
export const EXTRACTION_LIMITS: ExtractionLimits = {
  maxHtmlChars: 8_000_000,
  maxDepth: 200,
  maxOpen: 3_000,
  maxNodes: 300_000,
  maxMs: 2_000,
};

/** h1 elements read as headline candidates (a page with more uses them for sections). */
const MAX_HEADINGS = 4;

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

/**
 * `article:author` is often a profile URL; a name is wanted, so URLs are skipped, and so is any
 * candidate that is no byline name (a sidebar headline, "Min Read", a date, a photo credit). Co-authors the
 * page names right after the first are kept with it, joined as the page writes them.
 */
function authorOf(values: string[], nodes: PageNode[]): string | null {
  const names = values
    .filter((v) => !/^(?:https?:)?\/\//i.test(v.trim()) && !/@/.test(v))
    .map((v) => validAuthorNames(cleanAuthorName(v)))
    .filter((v): v is string => v !== null);
  const declared = first(names, 200);
  if (!declared) return null;
  const author = agreeingPart(declared, names);
  const joined = withCoAuthors(author, names, nodes);
  // Sanitising costs more than the rest of the metadata: only a joined name needs it again.
  return joined === author ? author : sanitiseField(joined, 200);
}

/**
 * The part of a name that another candidate gives alone: "unocero - Alberto Ávila" in the meta
 * and "Alberto Ávila" in the visible byline is the site's name beside the author's.
 */
function agreeingPart(name: string, others: string[]): string {
  const parts = name.split(/\s+[-–—|:]\s+/);
  if (parts.length < 2) return name;
  const alone = new Set(others.map((o) => o.toLowerCase()));
  return parts.find((p) => alone.has(p.toLowerCase())) ?? name;
}

/** The host without a leading `www.`, used as the publisher when the page names none. */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '') || 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * The outlet's names as its own social account would carry them (outletKey): its host's name and
 * the host from it ("rt", "rtcom" on rt.com), and its site names of three characters or more.
 */
function outletNames(host: string, siteNames: string[]): Set<string> {
  const labels = host.split('.');
  const names = new Set<string>();
  labels.slice(0, -1).forEach((label, i) => {
    if (label.length < 2 || HOST_NOISE.has(label)) return;
    names.add(outletKey(label));
    names.add(outletKey(labels.slice(i).join('')));
  });
  for (const name of siteNames) if (outletKey(name).length >= 3) names.add(outletKey(name));
  return names;
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

/** The page parsed within the bounds, or the reason it was not. */
function parseBounded(html: string, limits: ExtractionLimits): ParsedPage | ExtractionFailure {
  if (html.length > limits.maxHtmlChars) return 'too_large';
  const deadline = performance.now() + limits.maxMs;
  // NUL is never valid in HTML; dropped, `<scr\0ipt>` is the script it was meant to hide.
  return parsePage(html.replaceAll('\u0000', ''), {
    maxDepth: limits.maxDepth,
    maxOpen: limits.maxOpen,
    maxNodes: limits.maxNodes,
    deadline,
  });
}

/** Where the page came from and, for training and evaluation, how blocks are judged. */
export interface ExtractOptions {
  url: string;
  limits?: Partial<ExtractionLimits>;
  /** The block classifier to apply (default: the committed model; null: none). */
  blockModel?: BlockModel | null;
  /** Sees every block of the chosen content with its features, before the classifier. */
  onBlocks?: (blocks: TextBlock[], features: number[][]) => void;
}

/** Extracts the main content and metadata of an article page, within bounds of size and time. */
export function extractArticle(html: string, opts: ExtractOptions): ExtractedArticle {
  const limits = { ...EXTRACTION_LIMITS, ...opts.limits };
  const parsed = parseBounded(html, limits);
  const fallbackUrl = httpUrl(opts.url, opts.url) ?? opts.url;
  if (typeof parsed === 'string') return failed(parsed, fallbackUrl);
  const meta = readMetadata(metaDocument(parsed.meta, parsed.lang));
  const nodes = measurePage(parsed.root);
  const headings = nodes
    .filter((n) => n.tag === 'h1')
    .slice(0, MAX_HEADINGS)
    .map((n) => nodeText(n));
  const headline = pickHeadline({
    declared: [...meta.title, parsed.title],
    headings,
    siteNames: meta.publisher,
    host: hostOf(opts.url),
  });
  // Sanitising every candidate would cost more than choosing: only the chosen one is, with the
  // first declared one that survives as the fallback.
  const title = (headline && sanitiseField(headline, 500)) || first([...meta.title, parsed.title, ...headings], 500);
  let body: string | null = null;
  if (parsed.cut === null) {
    const selected = selectContent(nodes);
    const roots = selected.length > 0 ? selected : [parsed.root];
    const blocks = contentBlocks(roots, title);
    const model = opts.blockModel === undefined ? blockModel() : opts.blockModel;
    let kept = blocks.filter((b) => b.rule === null);
    if (blocks.length > 0 && (model || opts.onBlocks)) {
      const features = blockFeatures(blocks, roots, textsOutside(parsed.root, roots));
      opts.onBlocks?.(blocks, features);
      if (model) {
        const verdicts = keptBlocks(
          model,
          blocks.map((b) => ({ text: b.text, ruleDrops: b.rule !== null })),
          features.map((x) => blockProbability(model, x)),
        );
        kept = blocks.filter((_, i) => verdicts[i]);
      }
    }
    // Furniture inside the article's own markup looks like prose to the rules and the model alike.
    const ownList = (i: number): boolean => {
      const b = kept[i];
      return b !== undefined && b.tag === 'li' && b.linkChars * 2 < b.text.length;
    };
    const furniture = furnitureParagraphs(
      kept.map((b) => b.text),
      { title, ownList, outlet: outletNames(hostOf(opts.url), meta.publisher) },
    );
    body = blocksToHtml(kept.filter((_, i) => !furniture.has(i)));
  }
  // Pages rendered without JavaScript sometimes carry the article only in JSON-LD.
  if (meta.articleBody && textLength(body) < Math.min(MIN_BODY_CHARS, meta.articleBody.length)) {
    body = textToHtml(meta.articleBody);
  }

  const canonical = meta.canonical.map((c) => httpUrl(c, opts.url)).find((c) => c !== null);
  const byline = readByline(nodes, parsed.meta);
  const published =
    meta.published.map((d) => parseLooseDate(d)).find((d) => d !== null) ??
    byline.dates[0] ??
    headlineDate(nodes) ??
    urlDate(canonical ?? fallbackUrl);

  const article: ExtractedArticle = {
    canonical_url: canonical ?? fallbackUrl,
    title,
    author: authorOf([...meta.author, ...byline.authors], nodes),
    published_date: published ?? null,
    publisher:
      first(
        meta.publisher.map((p) => (/^https?:\/\//i.test(p.trim()) ? hostOf(p.trim()) : p)),
        200,
      ) ?? hostOf(canonical ?? fallbackUrl),
    description: first(meta.description, 1000),
    body_html: body && textLength(body) > 0 ? body : null,
    language_hint: languageHint(meta.language),
  };
  if (parsed.cut !== null && article.body_html === null) article.failure = parsed.cut;
  return article;
}

/** What a page beyond the bounds yields: no body, no metadata, the reason. */
function failed(failure: ExtractionFailure, url: string): ExtractedArticle {
  return {
    canonical_url: url,
    title: null,
    author: null,
    published_date: null,
    publisher: hostOf(url),
    description: null,
    body_html: null,
    language_hint: null,
    failure,
  };
}
