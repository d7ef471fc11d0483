import { Parser } from 'htmlparser2';

/**
 * A light element tree built straight from htmlparser2's events: only what extraction reads (tag,
 * a few attributes, children, text), no DOM. Building a full DOM cost most of the time before.
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
  /** Elements open at once; the parser's own cost grows with it, so a page beyond is cut. */
  maxOpen: number;
  maxNodes: number;
  /** Deadline as a `performance.now()` value. */
  deadline: number;
}

/** Never content, and their inner markup is skipped as a whole. */
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
/** Text in these is kept verbatim (whitespace is meaningful). */
const KEPT_ATTRS = ['class', 'id', 'role', 'itemprop', 'href', 'rel', 'hidden', 'aria-hidden', 'style', 'datetime'];
/** Runs of whitespace, read as one space as a browser renders them. */
const WHITESPACE_RE = /\s+/g;
/** The parse is fed in chunks so the deadline is checked while it runs. */
const CHUNK = 64 * 1024;
/** Elements between two looks at the clock inside a chunk. */
const CLOCK_EVERY = 512;
/** A title longer than this is not a title; the rest is not kept. */
const MAX_TITLE_CHARS = 2_000;

function keptAttrs(attribs: Record<string, string>): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const name of KEPT_ATTRS) {
    const value = attribs[name];
    if (value !== undefined) attrs[name] = value;
  }
  return attrs;
}

function newNode(tag: string, attribs: Record<string, string>, parent: PageNode | null): PageNode {
  const names = `${attribs.class ?? ''} ${attribs.id ?? ''}`.toLowerCase();
  return {
    tag,
    names,
    attrs: keptAttrs(attribs),
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

/** Parses HTML into a bounded tree; never throws on malformed input. */
export function parsePage(html: string, limits: ParseLimits): ParsedPage {
  const root = newNode('body', {}, null);
  const meta: MetaElement[] = [];
  let title = '';
  let lang: string | null = null;
  let current = root;
  // Open elements as the parser sees them; `null` marks one not built (skipped or too deep).
  const stack: (PageNode | null)[] = [];
  let skipping = 0;
  let inTitle = false;
  let openMeta: MetaElement | null = null;
  let nodes = 0;
  let cut: ParsedPage['cut'] = null;

  let opened = 0;
  const stop = (reason: NonNullable<ParsedPage['cut']>): void => {
    cut ??= reason;
    parser.pause();
  };
  const parser: Parser = new Parser(
    {
      onopentag(name, attribs) {
        opened += 1;
        if (stack.length >= limits.maxOpen) stop('too_deep');
        else if (nodes > limits.maxNodes) stop('too_many_nodes');
        else if (opened % CLOCK_EVERY === 0 && performance.now() > limits.deadline) stop('time');
        if (name === 'html' && attribs.lang) lang ??= attribs.lang;
        if (META_TAGS.has(name) || (name === 'script' && /ld\+json/i.test(attribs.type ?? ''))) {
          openMeta = { tag: name, attrs: attribs, text: '' };
          meta.push(openMeta);
        }
        if (name === 'title' && !title) inTitle = true;
        if (skipping > 0 || SKIPPED.has(name)) {
          skipping += 1;
          stack.push(null);
          return;
        }
        if (name === 'html' || name === 'body' || stack.length >= limits.maxDepth) {
          stack.push(null);
          return;
        }
        nodes += 1;
        const node = newNode(name, attribs, current);
        current.children.push(node);
        current = node;
        stack.push(node);
      },
      ontext(text) {
        if (openMeta) openMeta.text += text;
        if (inTitle && title.length < MAX_TITLE_CHARS) title += text;
        if (skipping === 0) current.children.push(text.replace(WHITESPACE_RE, ' '));
      },
      onclosetag(name) {
        if (openMeta && openMeta.tag === name) openMeta = null;
        if (name === 'title') inTitle = false;
        const node = stack.pop();
        if (node === undefined) return;
        if (node === null) {
          if (skipping > 0) skipping -= 1;
          return;
        }
        current = node.parent ?? root;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  for (let offset = 0; offset < html.length && cut === null; offset += CHUNK) {
    parser.write(html.slice(offset, offset + CHUNK));
    if (performance.now() > limits.deadline) cut ??= 'time';
  }
  if (!cut) parser.end();
  return { root, title: title.slice(0, MAX_TITLE_CHARS).replace(WHITESPACE_RE, ' ').trim(), lang, meta, cut };
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
