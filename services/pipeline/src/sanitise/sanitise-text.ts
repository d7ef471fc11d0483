import sanitizeHtml from 'sanitize-html';
import { decodeHTML } from 'entities';
import { redactPersonalData } from './redact-personal-data';
import { isHiddenElement, SCRIPT_URL_TEXT } from './hidden-element';

/** Elements whose end starts a new paragraph in the plain text. */
export const BLOCK_TAGS = [
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

const SANITISE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...BLOCK_TAGS, ...INLINE_TAGS, 'br'],
  allowedAttributes: {},
  allowedSchemes: [],
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  // The frame still carries the original attributes here, so hidden elements can be judged.
  exclusiveFilter: (frame) => isHiddenElement(frame.attribs),
};

const BLOCK_TAG_RE = new RegExp(`</?(?:${BLOCK_TAGS.join('|')})\\s*/?>`, 'gi');
const ANY_TAG_RE = /<[^>]*>/g;
/** Text that would be read as markup by a careless consumer: a tag, a comment or a declaration. */
const MARKUP_LIKE_RE = /<[a-z!?/][^<>]*>/gi;
const ANGLE_BEFORE_MARKUP_RE = /<(?=[a-z!?/])/gi;
const MARKUP_LIKE_TEST = /<[a-z!?/]/i;
const ENCODED_MARKUP_TEST = /&(?:lt|#0*60|#x0*3c);?[a-z!?/]/i;

/** Second passes see text only: any tag left is markup that was smuggled in as entities. */
const TEXT_ONLY_OPTIONS: sanitizeHtml.IOptions = {
  ...SANITISE_OPTIONS,
  allowedTags: [],
};

/**
 * Decodes entities; when the decoded text itself holds markup (`&lt;script&gt;...`), that
 * markup is parsed and stripped like real markup (script and style content dropped), up to
 * three levels of encoding (double-encoded markup is decoded and stripped too).
 */
function decodeFully(text: string): string {
  let current = decodeHTML(text);
  for (let i = 0; i < 3; i += 1) {
    // sanitize-html keeps newlines in text, so paragraph breaks survive the extra pass.
    if (MARKUP_LIKE_TEST.test(current)) current = decodeHTML(sanitizeHtml(current, TEXT_ONLY_OPTIONS));
    // Still-encoded markup (`&lt;script&gt;` after one decoding) is decoded once more.
    else if (ENCODED_MARKUP_TEST.test(current)) current = decodeHTML(current);
    else break;
  }
  return current;
}

/** Removes what decoded text could still smuggle as markup or script. */
function neutralise(text: string): string {
  return text.replace(MARKUP_LIKE_RE, ' ').replace(ANGLE_BEFORE_MARKUP_RE, '‹').replace(SCRIPT_URL_TEXT, ' ');
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
  // NUL is dropped first: parsers and browsers disagree on what `<scr\0ipt>` is.
  const clean = sanitizeHtml(html.replaceAll('\u0000', ''), SANITISE_OPTIONS);
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
export function sanitiseField(value: string | null, maxLength = MAX_FIELD_LENGTH): string | null {
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
