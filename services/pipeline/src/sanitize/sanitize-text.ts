import sanitizeHtml from 'sanitize-html';
import { decodeHTML } from 'entities';
import { redactPersonalData } from './redact-personal-data';

/** Elements whose end starts a new paragraph in the plain text. */
const BLOCK_TAGS = [
  'address',
  'article',
  'aside',
  'blockquote',
  'caption',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
];

/** Inline elements kept long enough to be judged (hidden or not); their text stays inline. */
const INLINE_TAGS = [
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'big',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'font',
  'i',
  'ins',
  'kbd',
  'label',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'tt',
  'u',
  'var',
  'center',
  'legend',
  'picture',
  'wbr',
];

/** Elements dropped together with everything inside them (never prose). */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'noframes',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'template',
  'textarea',
  'select',
  'option',
  'button',
  'canvas',
  'audio',
  'video',
  'map',
  'head',
  'title',
  'xmp',
  'noembed',
  'plaintext',
  'form',
  'input',
  'dialog',
  'meta',
  'link',
  'base',
];

const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\b/i;

/** True for an element that a browser would not show (hidden attribute, inline style). */
function isHidden(attribs: Record<string, string>): boolean {
  if ('hidden' in attribs) return true;
  if ((attribs['aria-hidden'] ?? '').toLowerCase() === 'true') return true;
  const style = attribs.style;
  return style !== undefined && HIDDEN_STYLE.test(style);
}

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...BLOCK_TAGS, ...INLINE_TAGS, 'br'],
  allowedAttributes: {},
  allowedSchemes: [],
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  // The frame still carries the original attributes here, so hidden elements can be judged.
  exclusiveFilter: (frame) => isHidden(frame.attribs),
};

const BLOCK_TAG_RE = new RegExp(`</?(?:${BLOCK_TAGS.join('|')})\\s*/?>`, 'gi');
const ANY_TAG_RE = /<[^>]*>/g;
/** Text that would be read as markup by a careless consumer: a tag, a comment or a declaration. */
const MARKUP_LIKE_RE = /<\s*(?:[a-z!?/][^<>]*)>/gi;
const ANGLE_BEFORE_MARKUP_RE = /<(?=\s*[a-z!?/])/gi;
const SCRIPT_URL_RE = /\b(?:java|vb|live)script\s*:\S*/gi;
const ENTITY_RE = /&(?:#x?[0-9a-f]+|[a-z][a-z0-9]{1,31});/i;

/** Decodes entities until stable (double-encoded markup is decoded, then neutralised). */
function decodeFully(text: string): string {
  let current = text;
  for (let i = 0; i < 3 && ENTITY_RE.test(current); i += 1) {
    const next = decodeHTML(current);
    if (next === current) break;
    current = next;
  }
  return current;
}

/** Removes what decoded text could still smuggle as markup or script. */
function neutralise(text: string): string {
  return text.replace(MARKUP_LIKE_RE, ' ').replace(ANGLE_BEFORE_MARKUP_RE, '‹').replace(SCRIPT_URL_RE, ' ');
}

/** Collapses whitespace inside lines and keeps at most one empty line between paragraphs. */
function normaliseWhitespace(text: string): string {
  return text
    .replace(/[\u00a0\u2000-\u200a\u202f\u205f\u3000\t\f\v ]+/g, ' ')
    .replace(/[\u200b\u2060\ufeff\u00ad]/g, '')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Converts HTML to plain text: markup removed, entities decoded, paragraphs as blank lines. */
export function htmlToPlainText(html: string): string {
  const clean = sanitizeHtml(html, SANITIZE_OPTIONS);
  // sanitize-html escapes text, so every `<` left in its output starts one of its own tags.
  const text = clean
    .replace(/\s+/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(BLOCK_TAG_RE, '\n\n')
    .replace(ANY_TAG_RE, '');
  return normaliseWhitespace(neutralise(decodeFully(text)));
}

/** Default upper bound of a short field (title, author, publisher, description). */
export const MAX_FIELD_LENGTH = 1000;

/** Sanitises a short field: plain text on one line, personal data redacted, bounded length. */
export function sanitizeField(value: string | null, maxLength = MAX_FIELD_LENGTH): string | null {
  if (value === null || value === undefined) return null;
  const plain = htmlToPlainText(value).replace(/\s+/g, ' ').trim();
  if (plain === '') return null;
  const { text } = redactPersonalData(plain);
  const chars = Array.from(text);
  if (chars.length <= maxLength) return text;
  return `${chars
    .slice(0, Math.max(1, maxLength - 1))
    .join('')
    .trimEnd()}…`;
}
