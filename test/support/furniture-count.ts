/**
 * Page furniture in stored bodies, counted the same way for our extractor and for trafilatura on
 * the same pages: the 419 Giveme5W1H pages as the demo serves them, trafilatura-eval-dev (378)
 * and article-extraction-benchmark (181). The phrases are a fixed list of what readers see on the
 * pages (not the extractor's own rules), matched anywhere in a body, so a count can fail.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadCorpus } from '@trendscope/pipeline/feed-server/load-corpus';
import { renderArticlePage } from '@trendscope/pipeline/feed-server/render-article-page';
import { extractArticle } from '@trendscope/pipeline/extract/extract-article';
import { decodePageBytes } from '@trendscope/pipeline/extract/decode-page-bytes';
import { cleanBody } from '@trendscope/pipeline/sanitise/clean-body';
import { corpusPath } from '@trendscope/pipeline/lab/corpus/corpus-path';
import { loadExtractionBenchmark } from '@trendscope/pipeline/lab/corpus/extraction-benchmark';
import { loadTrafilaturaEval } from '@trendscope/pipeline/lab/evaluate/extraction/trafilatura-eval';
import { runTrafilatura } from './trafilatura-runner';

/** Known furniture phrases, by kind, in the languages of the sets (case-insensitive where a kind's words can be capitalised anywhere). */
export const FURNITURE_PHRASES: Record<string, RegExp> = {
  advertising:
    /(?:^|\n)\s*(?:advertisement|anzeige|werbung|publicidad|publicité)\s*:?\s*(?:$|\n)|continue reading the main story|continue reading below/i,
  newsletter:
    /newsletter sign up|verify you[’']re not a robot|invalid email address|get daily updates directly to your inbox|could not subscribe, try again|sign up for .{0,60}(?:newsletter|e-?mails)|newsletter abonnieren|abonnez-vous à (?:la|notre) newsletter|suscr[ií]bete a(?:l| nuestro)? (?:newsletter|bolet[ií]n)/i,
  caption:
    /enlarge this image|toggle caption|image copyright .{0,60}image caption|facebook twitter pinterest|photograph: [^\n.]{2,60}(?:$|\n)/i,
  highlights: /story highlights/i,
  copyright:
    /all rights reserved|may not be published, broadcast, rewritten|alle rechte vorbehalten|tous droits réservés|todos los derechos reservados|wszelkie prawa zastrzeżone/i,
  'call-out': /we pay for your stories|we pay for videos|do you have a story for|email us at tips/i,
  'share-related':
    /read or share this story|read the original article on|(?:^|\n)\s*(?:related|read more)\s*:|follow us on (?:facebook|twitter|instagram)|(?:^|\n)\s*(?:lesen sie auch|mehr zum thema|lire aussi|lee también|czytaj (?:też|także))\b|(?:article|story) (?:originally )?appeared (?:on|in) |share (?:it|this story) with a friend|(?:^|\n)like [^\n]{1,40} on facebook/i,
  // A date or a byline standing alone as a paragraph: the page's date element or byline box.
  'date-byline':
    /(?:^|\n)\s*(?:\d{4}-\d{2}-\d{2}|\d{4}\.\d{2}\.\d{2}\.?|[A-Z][a-z]{2,8}\.? \d{1,2},? \d{4}|\d{1,2} [A-Z][a-z]{2,8} \d{4})\s*(?:$|\n)|(?:^|\n)\s*By (?:[A-Z][\w'’.-]+ ?){1,4}(?:$|\n)/,
  // Controls of a photo gallery or a video player read as text.
  'media-control':
    /(?:[Ii]mage|[Pp]hoto|[Ss]lide|[Pp]icture) \d+ of \/? ?\d+|[Hh]ide [Cc]aption \d+ of \d+|[Pp]lay [Ss]lideshow|[Mm]edia playback is unsupported|[Ee]nlarge [Ii]mage\b|(?:^|\n)\s*(?:[Cc]lose|more-in|[Nn]ext|[Pp]rev|[Pp]revious|[Pp]hoto|[Nn]ow [Pp]laying:?)\s*(?:$|\n)|(?:^|\n)CLOSE [A-Z]/,
  // Contact lines and disclaimers below the article.
  contact:
    /(?:^|\n)\s*e-?mail the (?:author|writer|reporter)|can be reached at \S+@|contact (?:us|the writers?) at \S+@|(?:^|\n)\s*disclaimer\s*:/i,
  // A separator line with a short wire tail under it closing the body ("___ / Online: / ..."), or a run of three or more
  // headline-like lines (short, no sentence ending) closing the body: lists of other stories.
  'link-list':
    /(?:^|\n)\s*[_\-=*]{3,}(?:\n+[^\n]{1,200}){0,4}\s*$|(?:\n[A-Z0-9][^\n.!?]{10,110}[^\n.!?:;,…"”’'\s)]){3}\s*$/,
};

/** Script or style source in a body: any one of these is code, never prose. */
export const SCRIPT_TEXT =
  /_taboola|googletag\.|\bwindow\.[\w$]+\s*=|\bdocument\.(?:write|getElementById|querySelector)|\bfunction\s*\([^)]*\)\s*\{|\bvar\s+[\w$]+\s*=|\}\s*\)\s*;|[.#][\w-]+\s*\{\s*[\w-]+\s*:[^}]*;/;

/** Bodies holding each kind of furniture, any furniture, and script text. */
export interface FurnitureCount {
  pages: number;
  furniture: number;
  script: number;
  byKind: Record<string, number>;
}

/** Counts the bodies (page id -> plain text) that hold furniture or script text. */
export function countFurniture(bodies: Record<string, string | null>): FurnitureCount {
  const count: FurnitureCount = { pages: 0, furniture: 0, script: 0, byKind: {} };
  for (const kind of Object.keys(FURNITURE_PHRASES)) count.byKind[kind] = 0;
  for (const body of Object.values(bodies)) {
    count.pages += 1;
    const text = body ?? '';
    let any = false;
    for (const [kind, re] of Object.entries(FURNITURE_PHRASES)) {
      if (!re.test(text)) continue;
      any = true;
      count.byKind[kind] = (count.byKind[kind] ?? 0) + 1;
    }
    if (any) count.furniture += 1;
    if (SCRIPT_TEXT.test(text)) count.script += 1;
  }
  return count;
}

/** A page of a furniture set: its HTML and the gzip file trafilatura reads. */
interface FurniturePage {
  id: string;
  url: string;
  html: string;
  gzPath: string;
}

/** The 419 Giveme5W1H records as the demo's feed server renders them, written gzipped into dir. */
async function givemePages(dir: string): Promise<FurniturePage[]> {
  const corpus = await loadCorpus(corpusPath('giveme5w1h-news-cluster'));
  return corpus.items.map((item, i) => {
    const html = renderArticlePage(item);
    const gzPath = path.join(dir, `giveme-${i}.html.gz`);
    writeFileSync(gzPath, gzipSync(html));
    return { id: `giveme-${i}`, url: item.originalUrl, html, gzPath };
  });
}

/** The three sets, each page with its HTML and gzip file. */
async function furnitureSets(dir: string): Promise<[string, FurniturePage[]][]> {
  return [
    ['giveme5w1h (demo pages)', await givemePages(dir)],
    [
      'trafilatura-eval-dev',
      loadTrafilaturaEval().map((p) => ({ id: p.key, url: p.key, html: decodePageBytes(p.bytes), gzPath: p.gzPath })),
    ],
    ['article-extraction-benchmark', loadExtractionBenchmark().map((p) => ({ ...p }))],
  ];
}

/** Ours (bodies as stored: extracted, then cleanBody) and trafilatura's (null without Python) per set. */
export async function measureFurniture(): Promise<
  { set: string; ours: FurnitureCount; theirs: FurnitureCount | null }[]
> {
  const dir = mkdtempSync(path.join(tmpdir(), 'furniture-'));
  try {
    const rows = [];
    for (const [set, pages] of await furnitureSets(dir)) {
      const ours: Record<string, string> = {};
      for (const page of pages) {
        const article = extractArticle(page.html, { url: page.url });
        ours[page.id] = cleanBody(article.body_html).text;
      }
      const theirs = runTrafilatura(pages.map((p) => ({ id: p.id, gzPath: p.gzPath })));
      rows.push({ set, ours: countFurniture(ours), theirs: theirs ? countFurniture(theirs.output) : null });
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One line of a count, for the bench and the docs. */
export function furnitureLine(who: string, c: FurnitureCount): string {
  const kinds = Object.entries(c.byKind)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  return `  ${who.padEnd(11)} pages ${c.pages}  with furniture ${c.furniture}  with script text ${c.script}  (${kinds})`;
}
