import {
  BLOCK_TAGS,
  BOILERPLATE_LINE,
  BOILERPLATE_WORDS,
  CHROME_TAGS,
  LINKING_BOILERPLATE_WORDS,
  nameWords,
} from './content-cues';
import type { PageNode } from './page-tree';
import { linkDensity } from './select-content';

/** Why the rules drop a block: chrome tag, boilerplate name, link list, label, interface line, title, edge. */
export const DROP_RULES = ['chrome', 'named', 'links', 'label', 'line', 'title', 'edge'] as const;
export type DropRule = (typeof DROP_RULES)[number];

/** One block of the chosen content, with what the block classifier reads about it. */
export interface TextBlock {
  tag: 'p' | 'h2' | 'li';
  text: string;
  /** Characters of the text inside links. */
  linkChars: number;
  /** The element the block was read from (its nearest block element). */
  node: PageNode;
  /** The rule that drops the block, or null when the rules keep it. */
  rule: DropRule | null;
}

/** A block named as boilerplate larger than this is kept: it is likely the whole article. */
const MAX_NAMED_BOILERPLATE_CHARS = 600;
/** Link lists shorter than this are dropped when most of their text is links. */
const MAX_LINK_LIST_CHARS = 300;
const MAX_LINK_DENSITY = 0.6;
const EDGE_MAX_WORDS = 8;
/** Label lines trimmed at the end, where section labels and sharing prompts sit. */
const MAX_TAIL_TRIM = 1;

/** Why an element is boilerplate ('hidden': never shown at all), or null when it is not. */
function boilerplateRule(node: PageNode): DropRule | 'hidden' | null {
  if (node.drop) return 'hidden';
  if (CHROME_TAGS.has(node.tag)) return 'chrome';
  if (
    node.names &&
    node.textLen < MAX_NAMED_BOILERPLATE_CHARS &&
    nameWords(node.names).some(
      (w) => BOILERPLATE_WORDS.has(w) && (node.links > 0 || !LINKING_BOILERPLATE_WORDS.has(w)),
    ) &&
    !quotesText(node)
  )
    return 'named';
  // A linked phrase inside a sentence is prose; several links in a row are a list.
  if (!BLOCK_TAGS.has(node.tag) && node.links < 2) return null;
  return linkDensity(node) > (node.textLen < MAX_LINK_LIST_CHARS ? MAX_LINK_DENSITY : 0.8) ? 'links' : null;
}

/** An embed wrapping a quotation (a post quoted in the article): the quotation is the article's. */
function quotesText(node: PageNode): boolean {
  return node.children.some((c) => typeof c !== 'string' && c.tag === 'blockquote' && !c.drop && c.textLen > 0);
}

function blockTag(tag: string): TextBlock['tag'] {
  if (tag.length === 2 && tag[0] === 'h' && tag !== 'hr') return 'h2';
  return tag === 'li' || tag === 'dt' || tag === 'dd' ? 'li' : 'p';
}

/** The last block the rules keep so far. */
function lastKept(blocks: TextBlock[]): TextBlock | undefined {
  for (let i = blocks.length - 1; i >= 0; i -= 1) if (blocks[i]?.rule === null) return blocks[i];
  return undefined;
}

/**
 * Walks the content, one block per block element. Blocks in boilerplate subtrees are kept in the
 * list, marked with the rule that drops them (hidden elements and inline boilerplate are left out).
 */
function collectBlocks(roots: PageNode[], rootRule: DropRule | null): TextBlock[] {
  const blocks: TextBlock[] = [];
  let buffer = '';
  let bufferLinks = 0;
  let bufferTag: TextBlock['tag'] = 'p';
  let bufferNode: PageNode | null = null;
  let bufferRule: DropRule | null = null;
  const flush = (): void => {
    const text = buffer.trim();
    if (text && bufferNode)
      blocks.push({
        tag: bufferTag,
        text,
        linkChars: Math.min(bufferLinks, text.length),
        node: bufferNode,
        rule: bufferRule,
      });
    buffer = '';
    bufferLinks = 0;
    bufferTag = 'p';
  };
  // A heading or label right before a dropped block ("Related articles:" before its links) goes too.
  const dropLabel = (): void => {
    if (buffer.trim()) return;
    const last = lastKept(blocks);
    if (last && (last.tag === 'h2' || isLabel(last.text))) last.rule = 'label';
  };
  const visit = (node: PageNode, inLink: boolean, blockNode: PageNode, rule: DropRule | null): void => {
    const block = BLOCK_TAGS.has(node.tag);
    const link = inLink || node.tag === 'a';
    if (block) {
      flush();
      bufferTag = blockTag(node.tag);
    }
    const owner = block ? node : blockNode;
    for (const child of node.children) {
      if (typeof child === 'string') {
        buffer += child;
        if (link) bufferLinks += child.length;
        bufferNode = owner;
        bufferRule = rule;
        continue;
      }
      const childRule = boilerplateRule(child);
      if (childRule === null) visit(child, link, owner, rule);
      else {
        if (child.textLen > 0 && rule === null) dropLabel();
        // Collected on their own, so the text around them still reads as one block.
        if (childRule !== 'hidden' && BLOCK_TAGS.has(child.tag))
          blocks.push(...collectBlocks([child], rule ?? childRule));
      }
    }
    if (block) flush();
    else if (node.tag === 'td' || node.tag === 'th') buffer += ' ';
    if (block) bufferNode = blockNode;
  };
  // bufferRule follows the text appended; a nested collection starts with its root's rule.
  bufferRule = rootRule;
  for (const root of roots) visit(root, false, root, rootRule);
  flush();
  return blocks;
}

/** A line of a few words that introduces something rather than saying it. */
function isLabel(text: string): boolean {
  return text.length < 60 && !/[.!?…"”'’)»]$/u.test(text.trim());
}

function normalised(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** A short line that is no sentence: a byline, a date, "Sign In", a section label. */
function isEdgeLabel(block: TextBlock): boolean {
  const text = normalised(block.text);
  return text.split(' ').length <= EDGE_MAX_WORDS && !/[.!?…:"”'’)»]$/u.test(text);
}

/** A heading or a short line ending in a colon: it introduces what follows, and at the end nothing does. */
function isOpenLabel(block: TextBlock): boolean {
  if (block.tag === 'h2') return true;
  const text = normalised(block.text);
  return text.split(' ').length <= EDGE_MAX_WORDS && text.endsWith(':');
}

/** A heading that repeats the page title (titles often carry the site name too). */
function isTitle(text: string, title: string): boolean {
  const heading = normalised(text);
  return title !== '' && heading.length > 10 && (title === heading || title.includes(heading));
}

/** Marks interface lines, the title repeated as a heading and label lines at both edges. */
function pruneBlocks(blocks: TextBlock[], title: string | null): TextBlock[] {
  const heading = normalised(title ?? '');
  for (const b of blocks) {
    if (b.rule !== null) continue;
    if (BOILERPLATE_LINE.test(normalised(b.text))) b.rule = 'line';
    else if (b.tag === 'h2' && isTitle(b.text, heading)) b.rule = 'title';
  }
  const kept = blocks.filter((b) => b.rule === null);
  const drop = (block: TextBlock | undefined): void => {
    if (block) block.rule = 'edge';
  };
  if (kept.length > 2 && kept[0]?.tag !== 'h2' && isEdgeLabel(kept[0] as TextBlock)) drop(kept.shift());
  for (let i = 0; i < MAX_TAIL_TRIM && kept.length > 2 && isEdgeLabel(kept[kept.length - 1] as TextBlock); i += 1)
    drop(kept.pop());
  if (kept.length > 2 && isOpenLabel(kept[kept.length - 1] as TextBlock)) drop(kept.pop());
  return blocks;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The blocks of the chosen content in reading order, each marked with the rule that drops it, if any. */
export function contentBlocks(roots: PageNode[], title: string | null): TextBlock[] {
  return pruneBlocks(collectBlocks(roots, null), title);
}

/** Blocks as simple HTML (paragraphs, headings, list items), or null when there are none. */
export function blocksToHtml(blocks: TextBlock[]): string | null {
  if (blocks.length === 0) return null;
  return blocks.map((b) => `<${b.tag}>${escapeText(b.text)}</${b.tag}>`).join('\n');
}
