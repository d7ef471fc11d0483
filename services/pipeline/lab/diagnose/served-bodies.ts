/**
 * The article bodies a reader sees, searched for page furniture (metrics/furniture-phrases.ts):
 * every trend of a running API's /v1/trends/recent (all pages), each trend's retained documents
 * from /v1/content/{id} (distinct URLs; only fetched pages have bodies, feed items have none),
 * counted by kind with the paragraphs that matched. With --offline, the 419 Giveme5W1H pages as the
 * demo's feed server renders them, through the stored-body path (extractArticle, cleanBody), with
 * no API: the same pages before and after an extraction change. --dump writes the bodies (URL ->
 * body) as JSON; --read counts such a file again (a demo's bodies after the demo is stopped, with a
 * changed phrase list); --show sets how many paragraphs are printed per kind.
 * Run: [TRENDSCOPE_API_KEY=...] node --import tsx services/pipeline/lab/diagnose/served-bodies.ts [API base URL, default http://127.0.0.1:8080] [--offline | --read FILE] [--dump FILE] [--show N]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadCorpus } from '../../src/feed-server/load-corpus';
import { renderArticlePage } from '../../src/feed-server/render-article-page';
import { extractArticle } from '../../src/extract/extract-article';
import { cleanBody } from '../../src/sanitise/clean-body';
import { corpusPath } from '../corpus/corpus-path';
import { atMost, oneNumber, readCommandLine } from '../command-line';
import { countFurniture, furnitureLine, FURNITURE_PHRASES } from '../metrics/furniture-phrases';
import { listedTrends, servedGet } from './served-api';

const usage =
  'served-bodies.ts [API base URL, default http://127.0.0.1:8080] [--offline | --read FILE] [--dump FILE] [--show N]';
const { api, offline, read, dump, show } = readCommandLine(
  usage,
  {
    offline: { type: 'boolean', default: false },
    read: { type: 'string' },
    dump: { type: 'string' },
    show: { type: 'string', default: '8' },
  },
  ({ values, positionals }) => ({
    api: atMost(1, positionals)[0] ?? 'http://127.0.0.1:8080',
    offline: values.offline,
    read: values.read,
    dump: values.dump,
    show: oneNumber(values.show),
  }),
);

/** The bodies the API serves for its listed trends, by URL, and how many trends were read. */
async function servedBodies(): Promise<{ bodies: Map<string, string>; trends: number }> {
  const ids = (await listedTrends<{ id: string }>(api)).map((t) => t.id);
  const bodies = new Map<string, string>();
  for (const id of ids) {
    const content = await servedGet<{ documents: { url: string; body: string | null }[] }>(
      api,
      `/v1/content/${id}?limit=50`,
    );
    for (const d of content.documents) if (d.body) bodies.set(d.url, d.body);
  }
  return { bodies, trends: ids.length };
}

/** The Giveme5W1H pages as the feed server renders them, through the stored-body path; retained bodies only. */
async function offlineBodies(): Promise<Map<string, string>> {
  const corpus = await loadCorpus(corpusPath('giveme5w1h-news-cluster'));
  const bodies = new Map<string, string>();
  for (const item of corpus.items) {
    const article = extractArticle(renderArticlePage(item), { url: item.originalUrl });
    const clean = cleanBody(article.body_html);
    if (clean.retained) bodies.set(item.originalUrl, clean.text);
  }
  return bodies;
}

/** The paragraph of a body where a phrase matched, shortened for a line of output. */
function matchedParagraph(body: string, re: RegExp): string {
  const m = re.exec(body);
  if (!m) return '';
  const at = m.index + (m[0].startsWith('\n') ? 1 : 0);
  const start = body.lastIndexOf('\n', at) + 1;
  const end = body.indexOf('\n', at + 1);
  const line = body.slice(start, end < 0 ? undefined : end).trim();
  return line.length > 220 ? `${line.slice(0, 150)} ... ${line.slice(-60)}` : line;
}

/** The bodies and where they came from. */
async function bodiesRead(): Promise<{ bodies: Map<string, string>; from: string }> {
  if (read)
    return {
      bodies: new Map(Object.entries(JSON.parse(readFileSync(read, 'utf8')) as Record<string, string>)),
      from: read,
    };
  if (offline) return { bodies: await offlineBodies(), from: 'offline: Giveme5W1H pages, retained bodies' };
  const { bodies, trends } = await servedBodies();
  return { bodies, from: `served: ${trends} listed trends, distinct documents with a body` };
}

const { bodies, from } = await bodiesRead();
if (dump) writeFileSync(dump, JSON.stringify(Object.fromEntries(bodies), null, 1));
const count = countFurniture(Object.fromEntries(bodies));
process.stdout.write(`${from} ${bodies.size}\n`);
process.stdout.write(`${furnitureLine('bodies', count)}\n`);
for (const [kind, re] of Object.entries(FURNITURE_PHRASES)) {
  const hits = [...bodies].filter(([, body]) => re.test(body));
  if (hits.length === 0) continue;
  process.stdout.write(`\n${kind} (${hits.length}):\n`);
  for (const [url, body] of hits.slice(0, show)) {
    process.stdout.write(
      `  ${url.replace(/^https?:\/\/(?:www\.)?/, '').slice(0, 60)}\n    ${matchedParagraph(body, re)}\n`,
    );
  }
}
