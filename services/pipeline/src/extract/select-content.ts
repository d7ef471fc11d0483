import { CHROME_TAGS, DROP_TAGS, NEGATIVE_NAMES, PARAGRAPH_TAGS, POSITIVE_NAMES, isHidden } from './content-cues';
import type { PageNode } from './page-tree';

/** A paragraph shorter than this scores nothing. */
const MIN_PARAGRAPH_CHARS = 25;
/** A first choice with less text than this is reconsidered with unlikely containers scored too. */
const MIN_LIKELY_CHARS = 500;
/** An ancestor with at most this much more prose than the chosen container is taken instead. */
const WIDEN_FACTOR = 1.2;
/** Beyond that, an ancestor is still taken when what it adds is mostly prose paragraphs with few links. */
const WIDEN_PROSE_SHARE = 0.6;
const WIDEN_MAX_LINK_DENSITY = 0.15;
/** A paragraph counted as prose when widening: this long, with at most this share of link text. */
const PROSE_PARAGRAPH_CHARS = 80;
const PROSE_MAX_LINK_DENSITY = 0.2;
/** Lead paragraphs between the headline and the body: each this long, at most this much in all. */
const MIN_LEAD_CHARS = 80;
const MAX_LEAD_CHARS = 1000;
const MAX_LEAD_PARAGRAPHS = 3;
const IMAGE_TAGS = new Set(['img', 'picture', 'figure']);
/** Candidates compared when looking for an article split across containers. */
const TOP_CANDIDATES = 5;
const MIN_CLOSE_CANDIDATES = 3;
/** How many ancestors a paragraph's score reaches. */
const SCORE_LEVELS = 5;
/** Commas in the scripts of the dev set and beyond (Latin, CJK, Arabic). */
const COMMA_RE = /[,，、،]/g;

const UNLIKELY_NAMES =
  /-ad-|ai2html|banner|breadcrumbs|combx|comment|community|cover-wrap|disqus|extra|footer|gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote|teaser|cookie|consent|newsletter/;
const MAYBE_NAMES = /and|article|body|column|content|main|shadow/;
const UNLIKELY_ROLES = new Set(['menu', 'menubar', 'complementary', 'navigation', 'alert', 'alertdialog', 'dialog']);

/** Fills textLen, linkLen, commas, drop and unlikely for every node; returns the kept nodes, pre-order. */
export function measurePage(root: PageNode): PageNode[] {
  const order: PageNode[] = [];
  const visit = (node: PageNode, inLink: boolean, inUnlikely: boolean): void => {
    const unlikely = inUnlikely || isUnlikely(node);
    node.unlikely = unlikely;
    order.push(node);
    const link = inLink || node.tag === 'a';
    for (const child of node.children) {
      if (typeof child === 'string') {
        const length = child.length;
        node.textLen += length;
        if (link) node.linkLen += length;
        if (length > 1) node.commas += child.match(COMMA_RE)?.length ?? 0;
        continue;
      }
      if (DROP_TAGS.has(child.tag) || isHidden(child.attrs)) {
        child.drop = true;
        continue;
      }
      visit(child, link, unlikely);
      node.textLen += child.textLen;
      node.linkLen += child.linkLen;
      node.links += child.links;
      node.commas += child.commas;
    }
  };
  visit(root, false, false);
  return order;
}

/** Readability's unlikely candidates: chrome named as such, unless also named as content. */
function isUnlikely(node: PageNode): boolean {
  if (CHROME_TAGS.has(node.tag)) return true;
  const role = node.attrs.role;
  if (role && UNLIKELY_ROLES.has(role)) return true;
  if (!node.names.trim() || node.tag === 'a' || node.tag === 'article' || node.tag === 'main') return false;
  return UNLIKELY_NAMES.test(node.names) && !MAYBE_NAMES.test(node.names);
}

/** Share of an element's text inside links. */
export function linkDensity(node: PageNode): number {
  return node.textLen > 0 ? node.linkLen / node.textLen : 0;
}

function nameWeight(node: PageNode): number {
  if (!node.names.trim()) return 0;
  let weight = 0;
  if (NEGATIVE_NAMES.test(node.names)) weight -= 25;
  if (POSITIVE_NAMES.test(node.names)) weight += 25;
  if (node.attrs.itemprop === 'articleBody' || node.tag === 'article') weight += 25;
  return weight;
}

function tagWeight(tag: string): number {
  switch (tag) {
    case 'div':
    case 'article':
    case 'main':
    case 'section':
      return 5;
    case 'pre':
    case 'td':
    case 'blockquote':
      return 3;
    case 'ol':
    case 'ul':
    case 'dl':
    case 'dd':
    case 'dt':
    case 'li':
    case 'address':
    case 'form':
      return -3;
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
    case 'th':
      return -5;
    default:
      return 0;
  }
}

/** Text directly in an element (not in a child block), where a div is used as a paragraph. */
function ownTextChars(node: PageNode): number {
  let chars = 0;
  for (const child of node.children) {
    if (typeof child === 'string') chars += child.trim().length;
    else if (!child.drop && (child.tag === 'a' || child.tag === 'span' || child.tag === 'b' || child.tag === 'strong'))
      chars += child.textLen;
  }
  return chars;
}

/** A container with text of its own: its own paragraph (Readability wraps such text in a `p`). */
export function hasOwnText(node: PageNode): boolean {
  return (
    (node.tag === 'div' || node.tag === 'section' || node.tag === 'article') &&
    ownTextChars(node) >= MIN_PARAGRAPH_CHARS
  );
}

/**
 * Scores containers by the paragraphs they hold (Readability's scheme: commas and length, spread
 * to a few ancestors, discounted by link density) and returns the best one, or null when the page
 * has no paragraph at all. Paragraphs in unlikely containers count only when the others give
 * less than a short article (a whole page wrapped in a "header-style" div).
 */
export function selectContent(nodes: PageNode[]): PageNode[] {
  let top = bestCandidate(nodes, true);
  if (!top || top.textLen < MIN_LIKELY_CHARS) {
    for (const node of nodes) node.score = 0;
    top = bestCandidate(nodes, false) ?? top;
  }
  if (!top) return [];
  const wide = widen(top, proseByContainer(nodes));
  // A widened container already holds what surrounds the body text; its siblings are the page's.
  const roots = wide === top ? withSiblings(top) : [wide];
  return [...leadBefore(nodes, roots), ...roots];
}

/**
 * The lead (standfirst) of an article often sits in its header, between the headline and the
 * body text: prose paragraphs there, without links, are kept before the body.
 */
function leadBefore(nodes: PageNode[], roots: PageNode[]): PageNode[] {
  const first = roots[0];
  if (!first) return [];
  const end = nodes.indexOf(first);
  let start = -1;
  for (let i = 0; i < end; i += 1) if (nodes[i]?.tag === 'h1') start = i;
  if (start < 0) return [];
  const h1 = nodes[start] as PageNode;
  const lead: PageNode[] = [];
  let chars = 0;
  for (let i = start + 1; i < end; i += 1) {
    const node = nodes[i] as PageNode;
    if (contains(h1, node) || contains(node, first) || node.unlikely) continue;
    if (lead.some((l) => contains(l, node))) continue;
    const paragraph = node.tag === 'p' || hasOwnText(node);
    if (!paragraph || node.textLen < MIN_LEAD_CHARS || node.linkLen > 0 || inChrome(node)) continue;
    if (nearImage(node.parent) || nearImage(node.parent?.parent ?? null)) continue;
    lead.push(node);
    chars += node.textLen;
  }
  return chars <= MAX_LEAD_CHARS && lead.length <= MAX_LEAD_PARAGRAPHS ? lead : [];
}

/** Inside a container named as chrome (widgets, sidebars, teasers) or a list. */
function inChrome(node: PageNode): boolean {
  for (let a = node.parent; a; a = a.parent)
    if (a.tag === 'li' || (a.names.trim() && NEGATIVE_NAMES.test(a.names))) return true;
  return false;
}

/** An element holding an image: a paragraph beside it is its caption. */
function nearImage(node: PageNode | null): boolean {
  return node !== null && node.children.some((c) => typeof c !== 'string' && c.drop && IMAGE_TAGS.has(c.tag));
}

/** Siblings of the chosen container that continue the article (Readability's sibling rule). */
function withSiblings(top: PageNode): PageNode[] {
  const parent = top.parent;
  if (!parent) return [top];
  const threshold = Math.max(10, top.score * 0.2);
  const chosen: PageNode[] = [];
  for (const child of parent.children) {
    if (typeof child === 'string' || child.drop) continue;
    if (child === top) {
      chosen.push(child);
      continue;
    }
    const bonus = child.names && child.names === top.names ? top.score * 0.2 : 0;
    const density = linkDensity(child);
    const text = child.textLen;
    const paragraph = child.tag === 'p' || hasOwnText(child);
    const twin = child.tag === top.tag && sameKind(child, top);
    if (child.score + bonus >= threshold) chosen.push(child);
    else if (twin && density < 0.3 && text > 0) chosen.push(child);
    else if (paragraph && text > 80 && density < 0.25) chosen.push(child);
    else if (paragraph && text > 0 && text <= 80 && density === 0) chosen.push(child);
  }
  return chosen;
}

/** Class words of an element (its id left out: ids number the parts of a split article). */
function classWords(node: PageNode): string[] {
  return (node.attrs.class ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

/** Two elements of the same kind: at least half their class words shared (an article split in parts). */
function sameKind(a: PageNode, b: PageNode): boolean {
  const wordsA = classWords(a);
  const wordsB = new Set(classWords(b));
  if (wordsA.length === 0 || wordsB.size === 0) return false;
  const shared = wordsA.filter((w) => wordsB.has(w)).length;
  return shared * 2 >= Math.max(wordsA.length, wordsB.size);
}

function bestCandidate(nodes: PageNode[], skipUnlikely: boolean): PageNode | null {
  const candidates: PageNode[] = [];
  for (const node of nodes) {
    if (skipUnlikely && node.unlikely) continue;
    const ownText = hasOwnText(node);
    if (!(ownText || PARAGRAPH_TAGS.has(node.tag)) || node.textLen - node.linkLen < MIN_PARAGRAPH_CHARS) continue;
    const points = 1 + node.commas + Math.min(Math.floor(node.textLen / 100), 3);
    let ancestor = ownText ? node : node.parent;
    for (let level = 0; ancestor && level < SCORE_LEVELS; level += 1, ancestor = ancestor.parent) {
      if (ancestor.score === 0) {
        ancestor.score = tagWeight(ancestor.tag) + nameWeight(ancestor) + 0.001;
        candidates.push(ancestor);
      }
      ancestor.score += points / (level === 0 ? 1 : level === 1 ? 2 : level * 3);
    }
  }
  for (const candidate of candidates) candidate.score *= 1 - linkDensity(candidate);
  const best = candidates.sort((a, b) => b.score - a.score).slice(0, TOP_CANDIDATES);
  const top = best[0];
  if (!top) return null;
  return climb(commonAncestor(top, best.slice(1)));
}

/** Text outside links: what a reader reads as prose. */
function proseChars(node: PageNode): number {
  return node.textLen - node.linkLen;
}

/**
 * Leads, standfirsts and subheadings often sit beside the body text in the article's header:
 * an ancestor that adds little prose to the chosen container is taken instead.
 */
function widen(top: PageNode, paragraphs: Map<PageNode, number>): PageNode {
  let best = top;
  const prose = proseChars(top);
  for (let parent = top.parent; parent && parent.parent; parent = parent.parent) {
    const added = parent.textLen - best.textLen;
    const addedParagraphs = (paragraphs.get(parent) ?? 0) - (paragraphs.get(best) ?? 0);
    const addedLinks = parent.linkLen - best.linkLen;
    const mostlyProse =
      added > 0 && addedParagraphs >= added * WIDEN_PROSE_SHARE && addedLinks <= added * WIDEN_MAX_LINK_DENSITY;
    if (proseChars(parent) > prose * WIDEN_FACTOR && !mostlyProse) break;
    best = parent;
  }
  return best;
}

/**
 * Characters in prose paragraphs (long, few links, outside chrome) under each element: the
 * part of a container's text that reads as article rather than navigation.
 */
function proseByContainer(nodes: PageNode[]): Map<PageNode, number> {
  const totals = new Map<PageNode, number>();
  const visit = (node: PageNode): void => {
    if (node.unlikely) return;
    const ownText = hasOwnText(node);
    if (ownText || PARAGRAPH_TAGS.has(node.tag)) {
      // A div used as a paragraph counts its own text; its child paragraphs count for themselves.
      const chars = ownText ? ownTextChars(node) : node.textLen;
      if (chars >= PROSE_PARAGRAPH_CHARS && linkDensity(node) <= PROSE_MAX_LINK_DENSITY) {
        for (let a = node.parent; a; a = a.parent) totals.set(a, (totals.get(a) ?? 0) + chars);
      }
      if (!ownText) return;
    }
    for (const child of node.children) if (typeof child !== 'string' && !child.drop) visit(child);
  };
  if (nodes[0]) visit(nodes[0]);
  return totals;
}

/**
 * An article split across containers shows as several near-equal candidates: when enough of
 * them sit under one ancestor of the best, that ancestor is the article (Readability's rule).
 */
function commonAncestor(top: PageNode, others: PageNode[]): PageNode {
  const close = others.filter((c) => c.score >= top.score * 0.75);
  if (close.length < MIN_CLOSE_CANDIDATES) return top;
  for (let ancestor = top.parent; ancestor && ancestor.parent; ancestor = ancestor.parent) {
    let inside = 0;
    for (const candidate of close) if (contains(ancestor, candidate)) inside += 1;
    if (inside >= MIN_CLOSE_CANDIDATES) return ancestor;
  }
  return top;
}

function contains(ancestor: PageNode, node: PageNode): boolean {
  for (let n: PageNode | null = node.parent; n; n = n.parent) if (n === ancestor) return true;
  return false;
}

/** Moves up to a parent that scores higher than the best child, as Readability does. */
function climb(top: PageNode): PageNode {
  let best = top;
  let lastScore = best.score;
  const threshold = lastScore / 3;
  for (let parent = best.parent; parent && parent.tag !== 'body'; parent = parent.parent) {
    if (parent.score === 0) continue;
    if (parent.score < threshold) break;
    if (parent.score > lastScore) {
      best = parent;
      break;
    }
    lastScore = parent.score;
  }
  // A lone child says nothing its parent does not: take the parent, which may hold a lead too.
  while (
    best.parent &&
    best.parent.tag !== 'body' &&
    best.parent.children.filter((c) => typeof c !== 'string').length === 1
  ) {
    best = best.parent;
  }
  return best;
}
