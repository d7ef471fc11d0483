/**
 * A fixed sample of the citations a running API serves after `make demo`, printed for a hand check
 * of author and title (docs/lab-notes/extraction.md "Headlines, authors and demo citations read by hand"): every trend of
 * /v1/trends/recent (all pages), each trend's citations from /v1/trends/{id}, distinct URLs, then
 * the N whose SHA-256 of the URL sorts first among citations of fetched pages (the Giveme5W1H
 * articles; UCI headlines are feed items whose title is the feed's and whose author is null).
 * Beside each: the news-please record's title and authors (which hold junk of their own).
 * Run: node --import tsx services/pipeline/lab/diagnose/citation-sample.ts [API base URL, default http://127.0.0.1:8080] [N, default 60]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, oneNumber, readCommandLine } from '../command-line';
import { createHash } from 'node:crypto';
import { loadGiveme } from '../corpus/giveme.corpus';
import { listedTrends, servedGet } from './served-api';

type Citation = { url: string; title: string; author: string | null; domain: string; fetch_method: string };
const [api, size] = readCommandLine(
  'citation-sample.ts [API base URL, default http://127.0.0.1:8080] [N, default 60]',
  {},
  ({ positionals }) => {
    const [url = 'http://127.0.0.1:8080', n = '60'] = atMost(2, positionals);
    return [url, oneNumber(n)] as const;
  },
);
const key = (url: string): string =>
  url.replace(/^https?:\/\/(?:www\.)?([^/]*)/i, (_, host: string) => host.toLowerCase()).replace(/\/$/, '');
const records = new Map(loadGiveme().map((r) => [key(r.url), r]));

const get = <T>(path: string): Promise<T> => servedGet<T>(api, path);

const ids = (await listedTrends<{ id: string }>(api, 20)).map((t) => t.id);
const citations = new Map<string, Citation>();
for (const id of ids) {
  const trend = await get<{ citations: Citation[] }>(`/v1/trends/${id}`);
  for (const c of trend.citations) citations.set(c.url, c);
}
const all = [...citations.values()];
const paged = all.filter((c) => records.has(key(c.url)));
const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const sample = paged.sort((a, b) => sha(a.url).localeCompare(sha(b.url))).slice(0, size);
console.log(
  `${ids.length} trends, ${all.length} distinct citations, ${paged.length} of Giveme5W1H pages, ${all.filter((c) => c.author !== null).length} with an author; sample ${sample.length}`,
);
for (const [i, c] of sample.entries()) {
  const r = records.get(key(c.url));
  console.log(`#${i + 1} ${c.domain} [${c.fetch_method}]`);
  console.log(`  title:  ${c.title}`);
  console.log(`  record: ${r?.title ?? ''}`);
  console.log(`  author: ${c.author ?? 'null'}`);
  console.log(`  record: ${(r?.authors ?? []).join(' | ')}`);
}
