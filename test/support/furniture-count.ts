/**
 * Page furniture in stored bodies, counted the same way for our extractor and for trafilatura on
 * the same pages: the 419 Giveme5W1H pages as the demo serves them, trafilatura-eval-dev (378)
 * and article-extraction-benchmark (181). The count is the lab's phrase list
 * (services/pipeline/lab/metrics/furniture-phrases.ts: what readers see on the pages, not the
 * extractor's own rules, matched anywhere in a body, so a count can fail).
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
import { countFurniture, type FurnitureCount } from '@trendscope/pipeline/lab/metrics/furniture-phrases';
import { runTrafilatura } from './trafilatura-runner';

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
