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

const LEAF_BLOCKS = 'p,h1,h2,h3,h4,h5,h6,li,div,dt,dd,blockquote,td,header,footer,section,time';
/** Lines trimmed at each edge (more than one cost recall than it gained in precision). */
const MAX_EDGE_TRIM = 1;
const EDGE_MAX_WORDS = 8;

/** Blocks with text and no block with text inside, in document order. */
function leafBlocks(root: CleanableElement): CleanableElement[] {
  return [...root.querySelectorAll(LEAF_BLOCKS)].filter(
    (el) =>
      normalised(el.textContent) !== '' &&
      ![...el.querySelectorAll(LEAF_BLOCKS)].some((inner) => normalised(inner.textContent) !== ''),
  );
}

/** A short line that is no sentence: a byline, a date, "Sign In", "LATEST NEWS", "comments". */
function isEdgeLabel(el: CleanableElement): boolean {
  const text = normalised(el.textContent);
  return text.split(' ').length <= EDGE_MAX_WORDS && !/[.!?…:"”'’)»]$/u.test(text);
}

/** Trims label-like lines at the start and the end of the article, where bylines and menus sit. */
function trimEdges(root: CleanableElement): void {
  for (const fromEnd of [false, true]) {
    for (let i = 0; i < MAX_EDGE_TRIM; i += 1) {
      const blocks = leafBlocks(root);
      const edge = fromEnd ? blocks[blocks.length - 1] : blocks[0];
      if (!edge || blocks.length <= 2 || !isEdgeLabel(edge)) break;
      edge.remove();
    }
  }
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

  trimEdges(root);
}
