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

/** One block of article text. */
interface TextBlock {
  tag: 'p' | 'h2' | 'li';
  text: string;
}

/** A block named as boilerplate larger than this is kept: it is likely the whole article. */
const MAX_NAMED_BOILERPLATE_CHARS = 600;
/** Link lists shorter than this are dropped when most of their text is links. */
const MAX_LINK_LIST_CHARS = 300;
const MAX_LINK_DENSITY = 0.6;
const EDGE_MAX_WORDS = 8;
/** Label lines trimmed at the end, where section labels and sharing prompts sit. */
const MAX_TAIL_TRIM = 1;

function isBoilerplate(node: PageNode): boolean {
  if (node.drop || CHROME_TAGS.has(node.tag)) return true;
  if (
    node.names &&
    node.textLen < MAX_NAMED_BOILERPLATE_CHARS &&
    nameWords(node.names).some(
      (w) => BOILERPLATE_WORDS.has(w) && (node.links > 0 || !LINKING_BOILERPLATE_WORDS.has(w)),
    ) &&
    !quotesText(node)
  )
    return true;
  // A linked phrase inside a sentence is prose; several links in a row are a list.
  if (!BLOCK_TAGS.has(node.tag) && node.links < 2) return false;
  return linkDensity(node) > (node.textLen < MAX_LINK_LIST_CHARS ? MAX_LINK_DENSITY : 0.8);
}

/** An embed wrapping a quotation (a post quoted in the article): the quotation is the article's. */
function quotesText(node: PageNode): boolean {
  return node.children.some((c) => typeof c !== 'string' && c.tag === 'blockquote' && !c.drop && c.textLen > 0);
}

function blockTag(tag: string): TextBlock['tag'] {
  if (tag.length === 2 && tag[0] === 'h' && tag !== 'hr') return 'h2';
  return tag === 'li' || tag === 'dt' || tag === 'dd' ? 'li' : 'p';
}

/** Walks the content, one block per block element, skipping boilerplate subtrees. */
function collectBlocks(roots: PageNode[]): TextBlock[] {
  const blocks: TextBlock[] = [];
  let buffer = '';
  let bufferTag: TextBlock['tag'] = 'p';
  const flush = (): void => {
    const text = buffer.trim();
    if (text) blocks.push({ tag: bufferTag, text });
    buffer = '';
    bufferTag = 'p';
  };
  // A heading or label right before a dropped block ("Related articles:" before its links) goes too.
  const dropLabel = (): void => {
    if (buffer.trim()) return;
    const last = blocks[blocks.length - 1];
    if (last && (last.tag === 'h2' || isLabel(last.text))) blocks.pop();
  };
  const visit = (node: PageNode): void => {
    const block = BLOCK_TAGS.has(node.tag);
    if (block) {
      flush();
      bufferTag = blockTag(node.tag);
    }
    for (const child of node.children) {
      if (typeof child === 'string') buffer += child;
      else if (!isBoilerplate(child)) visit(child);
      else if (child.textLen > 0) dropLabel();
    }
    if (block) flush();
    else if (node.tag === 'td' || node.tag === 'th') buffer += ' ';
  };
  for (const root of roots) visit(root);
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

/** Removes interface lines, the title repeated as a heading and label lines at both edges. */
function pruneBlocks(blocks: TextBlock[], title: string | null): TextBlock[] {
  const heading = normalised(title ?? '');
  const kept = blocks.filter(
    (b) => !BOILERPLATE_LINE.test(normalised(b.text)) && !(b.tag === 'h2' && isTitle(b.text, heading)),
  );
  if (kept.length > 2 && kept[0]?.tag !== 'h2' && isEdgeLabel(kept[0] as TextBlock)) kept.shift();
  for (let i = 0; i < MAX_TAIL_TRIM && kept.length > 2 && isEdgeLabel(kept[kept.length - 1] as TextBlock); i += 1)
    kept.pop();
  if (kept.length > 2 && isOpenLabel(kept[kept.length - 1] as TextBlock)) kept.pop();
  return kept;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The article as simple HTML (paragraphs, headings, list items), or null when it is empty. */
export function renderContent(roots: PageNode[], title: string | null): string | null {
  const blocks = pruneBlocks(collectBlocks(roots), title);
  if (blocks.length === 0) return null;
  return blocks.map((b) => `<${b.tag}>${escapeText(b.text)}</${b.tag}>`).join('\n');
}
