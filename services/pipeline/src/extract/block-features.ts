import { BOILERPLATE_WORDS, POSITIVE_NAMES, nameWords } from './content-cues';
import type { PageNode } from './page-tree';
import { DROP_RULES, type TextBlock } from './render-content';

/**
 * What the block classifier reads about one block of the chosen content: its shape, its links,
 * where it sits in the article and in the page, and whether the page repeats it elsewhere. Every
 * cue is language-independent (lengths, punctuation, markup), so one model serves every language.
 */
export const BLOCK_FEATURE_NAMES = [
  'log_chars',
  'short_words',
  'sentence_end',
  'colon_end',
  'link_share',
  'heading',
  'list_item',
  'position',
  'first',
  'last',
  'text_after_share',
  'text_before_share',
  'comma_rate',
  'digit_share',
  'upper_share',
  'boilerplate_name',
  'positive_name',
  'repeated_outside',
  'repeated_inside',
  'parent_link_share',
  'relative_length',
  'depth',
  'symbol_line',
  'next_link_share',
  'prev_short',
  'next_short',
  'element_div',
  'element_td',
  'links_log',
  'sentences',
  'node_share',
  ...DROP_RULES.map((rule) => `rule_${rule}` as const),
] as const;

/** Longest block text looked up in the rest of the page (longer text is never page chrome). */
const MAX_REPEAT_CHARS = 200;
const SENTENCE_END_RE = /[.!?…"”'’)»。！？]$/u;
const DIGIT_RE = /\p{Nd}/gu;
const LETTER_RE = /\p{L}/gu;
const UPPER_RE = /\p{Lu}/gu;
const SENTENCE_RE = /[.!?…。！？](?:\s|$)/gu;
const COMMA_RE = /[,，、،]/g;
const SYMBOL_RE = /[©|@#→»›]|https?:/u;

/** Text collected per subtree while looking for repeats: longer subtrees are never chrome lines. */
const MAX_SUBTREE_CHARS = 4 * MAX_REPEAT_CHARS;

/**
 * Texts of short blocks of the page outside the chosen content, normalised: chrome repeats there.
 * Built bottom-up from the children's texts, so a page costs one pass however deep it nests.
 */
export function textsOutside(root: PageNode, content: PageNode[]): Set<string> {
  const inside = new Set(content);
  const texts = new Set<string>();
  // The raw text of a subtree, or null when it is long or holds the content.
  const visit = (node: PageNode): string | null => {
    if (inside.has(node)) return null;
    let text = '';
    let short = true;
    let ownText = false;
    for (const child of node.children) {
      if (typeof child === 'string') ownText = true;
      const part = typeof child === 'string' ? child : visit(child);
      if (part === null || text.length + part.length > MAX_SUBTREE_CHARS) short = false;
      else if (short) text += part;
    }
    if (!short) return null;
    if (ownText && node.textLen > 0 && node.textLen <= MAX_REPEAT_CHARS) texts.add(normalise(text));
    return text;
  };
  visit(root);
  return texts;
}

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

function count(text: string, re: RegExp): number {
  return text.match(re)?.length ?? 0;
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Boilerplate and content words in the class/id names from the block up to its content root. */
function ancestorNames(node: PageNode, roots: Set<PageNode>): { boilerplate: number; positive: number; depth: number } {
  let boilerplate = 0;
  let positive = 0;
  let depth = 0;
  for (let n: PageNode | null = node; n; n = n.parent) {
    if (n.names.trim()) {
      if (nameWords(n.names).some((w) => BOILERPLATE_WORDS.has(w))) boilerplate = 1;
      if (POSITIVE_NAMES.test(n.names)) positive = 1;
    }
    if (roots.has(n)) break;
    depth += 1;
  }
  return { boilerplate, positive, depth };
}

/** One feature vector per block, in the order of BLOCK_FEATURE_NAMES. */
export function blockFeatures(blocks: TextBlock[], roots: PageNode[], outside: Set<string>): number[][] {
  const rootSet = new Set(roots);
  const total = blocks.reduce((sum, b) => sum + b.text.length, 0) || 1;
  const lengths = blocks.map((b) => b.text.length).sort((a, b) => a - b);
  const median = lengths[Math.floor(lengths.length / 2)] ?? 1;
  const seen = new Map<string, number>();
  for (const b of blocks) {
    const key = normalise(b.text);
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  const last = blocks.length - 1;
  let before = 0;
  return blocks.map((block, i) => {
    const text = block.text;
    const chars = text.length;
    const key = normalise(text);
    const letters = count(text, LETTER_RE) || 1;
    const names = ancestorNames(block.node, rootSet);
    const parent = block.node.parent ?? block.node;
    const next = blocks[i + 1];
    const prev = blocks[i - 1];
    const features = [
      Math.log1p(chars),
      wordCount(text) <= 3 ? 1 : 0,
      SENTENCE_END_RE.test(text) ? 1 : 0,
      /[:：]$/u.test(text) ? 1 : 0,
      block.linkChars / Math.max(chars, 1),
      block.tag === 'h2' ? 1 : 0,
      block.tag === 'li' ? 1 : 0,
      last > 0 ? i / last : 0,
      i === 0 ? 1 : 0,
      i === last ? 1 : 0,
      (total - before - chars) / total,
      before / total,
      (count(text, COMMA_RE) * 100) / Math.max(chars, 1),
      count(text, DIGIT_RE) / Math.max(chars, 1),
      count(text, UPPER_RE) / letters,
      names.boilerplate,
      names.positive,
      chars <= MAX_REPEAT_CHARS && outside.has(key) ? 1 : 0,
      (seen.get(key) ?? 0) > 1 ? 1 : 0,
      parent.textLen > 0 ? parent.linkLen / parent.textLen : 0,
      Math.log((chars + 1) / (median + 1)),
      Math.log1p(names.depth),
      SYMBOL_RE.test(text) ? 1 : 0,
      next ? next.linkChars / Math.max(next.text.length, 1) : 0,
      prev ? (wordCount(prev.text) <= 8 ? 1 : 0) : 1,
      next ? (wordCount(next.text) <= 8 ? 1 : 0) : 1,
      block.node.tag === 'div' || block.node.tag === 'section' ? 1 : 0,
      block.node.tag === 'td' || block.node.tag === 'th' ? 1 : 0,
      Math.log1p(block.node.links),
      count(text, SENTENCE_RE),
      block.node.textLen > 0 ? Math.min(1, chars / block.node.textLen) : 1,
      ...DROP_RULES.map((rule) => (block.rule === rule ? 1 : 0)),
    ];
    before += chars;
    return features;
  });
}
