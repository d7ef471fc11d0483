/** Named HTML entities that survive in feed text (the rest are rare enough to drop). */
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '-',
  mdash: '-',
  hellip: '...',
  rsquo: "'",
  lsquo: "'",
  rdquo: '"',
  ldquo: '"',
};

/**
 * Decodes HTML entity remnants (`&amp;`, `&#39;`, and the feed-mangled ` #39;` form), drops markup
 * fragments and collapses white space, so text from any source tokenises the same way.
 */
export function normaliseText(text: string): string {
  return (
    text
      .replace(/&([a-z]+);/gi, (m, name: string) => NAMED_ENTITIES[name.toLowerCase()] ?? m)
      .replace(/&#(\d{1,6});/g, (_m, code: string) => safeCodePoint(Number(code)))
      // Feeds that lost the "&" write "it #39;s" for "it's": an apostrophe takes the space back.
      .replace(/\s#39;/g, "'")
      .replace(/(^|\s)#(\d{2,5});/g, (_m, pre: string, code: string) => pre + safeCodePoint(Number(code)))
      .replace(/<[^>]{0,200}>/g, ' ')
      .replace(/\\n|\\/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

function safeCodePoint(code: number): string {
  return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ' ';
}
