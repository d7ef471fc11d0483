import { html as parse5Html, type Token } from 'parse5';
import { buildDocument, type BuildNode } from './build-tree';

/**
 * A light element tree of the page as a browser builds it (buildDocument: the HTML standard's tree
 * construction), holding only what extraction reads: tag, a few attributes, children, text.
 */
export interface PageNode {
  tag: string;
  /** Lower-cased `class` and `id`, joined: what boilerplate cues are read from. */
  names: string;
  attrs: Record<string, string>;
  parent: PageNode | null;
  children: (PageNode | string)[];
  /** Characters of text inside, links included, dropped subtrees excluded (set by measurePage). */
  textLen: number;
  /** Characters of that text inside links. */
  linkLen: number;
  /** Links inside, itself included. */
  links: number;
  /** Commas inside (a sign of prose in most scripts). */
  commas: number;
  /** Content score of a candidate container (0 when never scored). */
  score: number;
  /** Never content: navigation, forms, figures, hidden elements. */
  drop: boolean;
  /** Inside a container named as chrome (comments, sidebar): its paragraphs score only as a last resort. */
  unlikely: boolean;
}

/** Elements read for metadata (meta, link, JSON-LD, time), in document order. */
export interface MetaElement {
  tag: string;
  attrs: Record<string, string>;
  text: string;
}

/** The parsed page: its body tree, head elements and the reason it was cut short, if it was. */
export interface ParsedPage {
  root: PageNode;
  title: string;
  lang: string | null;
  meta: MetaElement[];
  /** Set when a bound stopped the parse: the tree holds only what came before. */
  cut: 'too_many_nodes' | 'too_deep' | 'time' | null;
}

/** Bounds on one parse; a page beyond them is cut rather than allowed to stall a worker. */
export interface ParseLimits {
  /** Depth of the built tree; deeper elements add their text to the deepest one built. */
  maxDepth: number;
  /** Elements open at once; the parser's scope checks walk them, so a page beyond is cut. */
  maxOpen: number;
  maxNodes: number;
  /** Deadline as a `performance.now()` value. */
  deadline: number;
}

/** Never content, and their inner markup is left out of the tree as a whole. */
const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'iframe',
  'object',
  'embed',
  'canvas',
  'select',
  'textarea',
  'button',
  'head',
  'video',
  'audio',
  'map',
  'dialog',
]);
/** Elements kept for metadata even when inside a skipped element. */
const META_TAGS = new Set(['meta', 'link', 'time']);
/** Attributes the tree keeps; the rest are never read. */
const KEPT_ATTRS = ['class', 'id', 'role', 'itemprop', 'href', 'rel', 'hidden', 'aria-hidden', 'style', 'datetime'];
/** Runs of whitespace, read as one space as a browser renders them. */
const WHITESPACE_RE = /\s+/g;
/** A title longer than this is not a title; the rest is not kept. */
const MAX_TITLE_CHARS = 2_000;
/** Elements of HTML itself, as opposed to svg and math. */
const HTML_NS: string = parse5Html.NS.HTML;

function attrRecord(attrs: Token.Attribute[]): Record<string, string> {
  const record: Record<string, string> = {};
  for (const { name, value } of attrs) record[name] ??= value;
  return record;
}

function newNode(tag: string, attrs: Token.Attribute[], parent: PageNode | null): PageNode {
  const all = attrRecord(attrs);
  const kept: Record<string, string> = {};
  for (const name of KEPT_ATTRS) {
    const value = all[name];
    if (value !== undefined) kept[name] = value;
  }
  return {
    tag,
    names: `${all.class ?? ''} ${all.id ?? ''}`.toLowerCase(),
    attrs: kept,
    parent,
    children: [],
    textLen: 0,
    linkLen: 0,
    links: tag === 'a' ? 1 : 0,
    commas: 0,
    score: 0,
    drop: false,
    unlikely: false,
  };
}

/** The text inside a built node (iterative: a hostile page nests thousands deep). */
function buildText(node: BuildNode): string {
  let text = '';
  const stack = [node];
  while (stack.length > 0) {
    const n = stack.pop() as BuildNode;
    if (n.tag === '#text') text += n.value;
    else for (let i = n.children.length - 1; i >= 0; i -= 1) stack.push(n.children[i] as BuildNode);
  }
  return text;
}

/** Head elements read for metadata, the first title and the page language, in document order. */
function readHead(document: BuildNode): Pick<ParsedPage, 'title' | 'lang' | 'meta'> {
  const meta: MetaElement[] = [];
  let title: string | null = null;
  let lang: string | null = null;
  const stack = [document];
  while (stack.length > 0) {
    const n = stack.pop() as BuildNode;
    if (n.tag === '#text') continue;
    if (n.ns === HTML_NS) {
      if (n.tag === 'html') lang ??= attrRecord(n.attrs).lang || null;
      else if (n.tag === 'title') title ??= buildText(n);
      else if (META_TAGS.has(n.tag)) meta.push({ tag: n.tag, attrs: attrRecord(n.attrs), text: buildText(n) });
      else if (n.tag === 'script') {
        const attrs = attrRecord(n.attrs);
        if (/ld\+json/i.test(attrs.type ?? '')) meta.push({ tag: 'script', attrs, text: buildText(n) });
      }
    }
    for (let i = n.children.length - 1; i >= 0; i -= 1) stack.push(n.children[i] as BuildNode);
  }
  return { title: (title ?? '').slice(0, MAX_TITLE_CHARS).replace(WHITESPACE_RE, ' ').trim(), lang, meta };
}

/**
 * The body as a PageNode tree: skipped elements left out with their content, text with its
 * whitespace collapsed, elements beyond maxDepth folded into the deepest one built.
 */
function bodyTree(document: BuildNode, maxDepth: number): PageNode {
  const html = document.children.find((c) => c.tag === 'html');
  const body = html?.children.find((c) => c.ns === HTML_NS && (c.tag === 'body' || c.tag === 'frameset'));
  // The root stands for the page, not the body element: its class words ("single-post", "post-template")
  // name the page type, and read as the content's own they pull the selection and the block features.
  const root = newNode('body', [], null);
  if (!body) return root;
  const stack: { node: BuildNode; into: PageNode; depth: number }[] = [];
  const pushChildren = (node: BuildNode, into: PageNode, depth: number): void => {
    for (let i = node.children.length - 1; i >= 0; i -= 1) {
      stack.push({ node: node.children[i] as BuildNode, into, depth });
    }
  };
  pushChildren(body, root, 1);
  while (stack.length > 0) {
    const { node, into, depth } = stack.pop() as (typeof stack)[number];
    if (node.tag === '#text') {
      into.children.push(node.value.replace(WHITESPACE_RE, ' '));
      continue;
    }
    if (node.tag[0] === '#' || SKIPPED.has(node.tag)) continue;
    if (depth >= maxDepth) {
      pushChildren(node, into, depth);
      continue;
    }
    const element = newNode(node.tag, node.attrs, into);
    into.children.push(element);
    pushChildren(node, element, depth + 1);
  }
  return root;
}

/** Parses HTML as the HTML standard says into a bounded tree; never throws on malformed input. */
export function parsePage(html: string, limits: ParseLimits): ParsedPage {
  const { document, cut } = buildDocument(html, limits);
  return { root: bodyTree(document, limits.maxDepth), ...readHead(document), cut };
}

/** The text of an element and its descendants, whitespace collapsed. */
export function nodeText(node: PageNode): string {
  const parts: string[] = [];
  const collect = (n: PageNode): void => {
    for (const child of n.children) {
      if (typeof child === 'string') parts.push(child);
      else collect(child);
    }
  };
  collect(node);
  return parts.join('').replace(WHITESPACE_RE, ' ').trim();
}
