/**
 * Post-processing of Readability's article element. Readability keeps captions, photo credits,
 * "related stories" boxes, bylines and share bars that the benchmark's gold bodies (and readers)
 * do not count as the article; each rule below was kept only when it raised F1 on
 * shared/corpus/article-extraction-benchmark (see README "Extraction quality").
 */

/** The DOM surface used here (linkedom elements provide it). */
export interface CleanableElement {
  tagName: string;
  textContent: string | null;
  parentNode: unknown;
  getAttribute(name: string): string | null;
  querySelectorAll(selector: string): Iterable<CleanableElement>;
  remove(): void;
}

/** Elements that are never body text. */
const DROP_SELECTOR = [
  'figure',
  'figcaption',
  'picture',
  'img',
  'video',
  'audio',
  'iframe',
  'object',
  'embed',
  'svg',
  'canvas',
  'nav',
  'aside',
  'form',
  'button',
  'input',
  'select',
  'textarea',
  'noscript',
  'script',
  'style',
  'template',
  '[hidden]',
  '[aria-hidden="true"]',
].join(',');

/** Class or id words that name boilerplate blocks. */
const BOILERPLATE_WORDS = new Set([
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
]);

/** Whole paragraphs that are interface text rather than prose. */
const BOILERPLATE_LINE =
  /^(?:advertisement|advertising|sponsored|close|caption|read more|related(?: articles| stories)?|more stories|you may also like\W*|share this(?: article)?|image \d+ of \/? ?\d+|photo:.*|credit:.*|getty images|\(?ap photo\b.*|sign up.*newsletter.*)$/i;

function classWords(el: CleanableElement): string[] {
  const names = `${el.getAttribute('class') ?? ''} ${el.getAttribute('id') ?? ''}`.toLowerCase();
  return names.split(/[^a-z]+/).filter(Boolean);
}

function normalised(text: string | null): string {
  return (text ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
}

function linkDensity(el: CleanableElement): number {
  const total = normalised(el.textContent).length;
  if (total === 0) return 0;
  let linked = 0;
  for (const a of el.querySelectorAll('a')) linked += normalised(a.textContent).length;
  return linked / total;
}

/** Removes captions, credits, link lists and interface text from an extracted article. */
export function cleanArticleElement(root: CleanableElement, title: string | null): void {
  for (const el of [...root.querySelectorAll(DROP_SELECTOR)]) el.remove();

  for (const el of [...root.querySelectorAll('[class],[id]')]) {
    if (!el.parentNode) continue;
    const words = classWords(el);
    // Containers of the whole article often carry words like "article-meta"; keep big blocks.
    if (words.some((w) => BOILERPLATE_WORDS.has(w)) && normalised(el.textContent).length < 600) el.remove();
  }

  const heading = normalised(title);
  for (const el of [...root.querySelectorAll('h1,h2,h3')]) {
    if (heading !== '' && normalised(el.textContent) === heading) el.remove();
  }

  for (const el of [...root.querySelectorAll('ul,ol,p,div,li,section')]) {
    if (!el.parentNode) continue;
    const text = normalised(el.textContent);
    if (text === '') continue;
    if (BOILERPLATE_LINE.test(text)) el.remove();
    else if (text.length < 300 && linkDensity(el) > 0.6) el.remove();
  }
}
