import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { corpusPath } from './corpus-path';

/** One page of the article-extraction benchmark: its HTML, URL and gold body. */
export interface BenchmarkPage {
  id: string;
  url: string;
  html: string;
  truth: string;
  /** Absolute path of the gzip-compressed page. */
  gzPath: string;
}

/** All pages of shared/corpus/article-extraction-benchmark, in ground-truth order. */
export function loadExtractionBenchmark(): BenchmarkPage[] {
  const dir = corpusPath('article-extraction-benchmark');
  const truth = JSON.parse(readFileSync(path.join(dir, 'ground-truth.json'), 'utf8')) as Record<
    string,
    { articleBody: string; url: string }
  >;
  return Object.entries(truth).map(([id, { articleBody, url }]) => {
    const gzPath = path.join(dir, 'html', `${id}.html.gz`);
    return { id, url, truth: articleBody, gzPath, html: gunzipSync(readFileSync(gzPath)).toString('utf8') };
  });
}

/** The predictions of one of the benchmark's published tools (`output/<name>.json`), by page id. */
export function loadPublishedPredictions(name: string): Record<string, string> {
  const file = corpusPath('article-extraction-benchmark', 'output', `${name}.json`);
  const raw = JSON.parse(readFileSync(file, 'utf8')) as {
    output?: Record<string, { articleBody?: string }>;
  } & Record<string, { articleBody?: string }>;
  // Most files wrap predictions as {version, output}; AutoExtract's is the bare object.
  const output = (raw.output ?? raw) as Record<string, { articleBody?: string }>;
  return Object.fromEntries(Object.entries(output).map(([id, v]) => [id, v.articleBody ?? '']));
}
