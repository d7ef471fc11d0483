import { BLOCK_TAGS as SANITISER_BLOCK_TAGS } from '../sanitise/sanitise-text';

/**
 * Cues that say whether a block is article text, read from tags and class/id names (which are
 * English-like on most sites whatever the page's language) and from the text's shape.
 */

/** Elements that are never body text. */
export const DROP_TAGS = new Set(['nav', 'figure', 'figcaption', 'picture', 'img', 'input', 'option', 'menu']);

/**
 * Page chrome by its tag, kept out of the output when inside the content, but still scored as a
 * last resort: some sites put the whole article in an `aside`.
 */
export const CHROME_TAGS = new Set(['aside', 'footer']);

/** Blocks that start a new line of text (the sanitiser's list, plus line breaks and `center`). */
export const BLOCK_TAGS: ReadonlySet<string> = new Set([...SANITISER_BLOCK_TAGS, 'br', 'center']);

/** Elements that hold a paragraph of text on their own. */
export const PARAGRAPH_TAGS = new Set(['p', 'pre', 'td', 'blockquote', 'dd', 'li', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** Class or id words of containers that hold the article. */
export const POSITIVE_NAMES =
  /article|body|content|entry|hentry|h-entry|main|page|pagination|post|text|blog|story|beitrag|artikel|inhalt|texte?|contenu|tresc|cuerpo|nota/;
/** Class or id words of page chrome. */
export const NEGATIVE_NAMES =
  /-ad-|hidden|^hid$| hid$| hid |^hid |banner|combx|comment|com-|contact|footer|gdpr|masthead|media|meta|outbrain|promo|related|scroll|share|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|widget|navi|menu|breadcrumb|cookie|consent|newsletter|social|teaser|login|pager/;

/** Class or id words that name boilerplate blocks inside an article. */
export const BOILERPLATE_WORDS = new Set([
  'caption',
  'captions',
  'credit',
  'credits',
  'related',
  'recommended',
  'recommendations',
  'newsletter',
  'share',
  'sharing',
  'social',
  'promo',
  'byline',
  'dateline',
  'timestamp',
  'breadcrumb',
  'breadcrumbs',
  'comments',
  'comment',
  'subscribe',
  'subscription',
  'signup',
  'advert',
  'advertisement',
  'ad',
  'ads',
  'sponsor',
  'sponsored',
  'toolbar',
  'tags',
  'gallery',
  'slideshow',
  'outbrain',
  'taboola',
  'readmore',
  'trending',
  'popular',
  'author',
  'authors',
  'bio',
  'meta',
  'copyright',
  'disclaimer',
  'teaser',
  'teasers',
  'widget',
  'modal',
  'cta',
  'nav',
  'navigation',
  'menu',
  'sidebar',
  'footer',
  'cookie',
  'consent',
  'pagination',
  'rating',
  'crumb',
  'crumbs',
  'toc',
  'notice',
  'license',
  'paywall',
  'print',
  'flyout',
  'popup',
  'overlay',
  'privacy',
]);

/**
 * Names of boilerplate that always links elsewhere: a teaser of another article links to it, while
 * a block named "teaser" without a link is the article's own lead (as German sites name it).
 */
export const LINKING_BOILERPLATE_WORDS = new Set(['teaser', 'teasers']);

/** Whole lines that are interface text rather than prose. */
export const BOILERPLATE_LINE =
  /^(?:advert|advertisement|advertising|anzeige|werbung|publicidad|publicité|reklama|sponsored|close|caption|read more|weiterlesen|related(?: articles| stories)?|more stories|you may also like\W*|share this(?: article)?|image \d+ of \/? ?\d+|photo:.*|credit:.*|getty images|\(?ap photo\b.*|sign up.*newsletter.*)$/i;

/** True when the element is hidden from readers by its attributes. */
export function isHidden(attrs: Record<string, string>): boolean {
  if (attrs.hidden !== undefined || attrs['aria-hidden'] === 'true') return true;
  const style = attrs.style;
  return style !== undefined && /display\s*:\s*none|visibility\s*:\s*hidden/i.test(style);
}

/** The class and id words of an element, split on anything that is not a letter. */
export function nameWords(names: string): string[] {
  return names.split(/[^a-z]+/).filter(Boolean);
}
