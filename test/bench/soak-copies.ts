/**
 * Gives a kept soak index set (SOAK_KEEP=1, or a soak stopped before its clean-up) new reports
 * again, so one late-month pass can be run and measured as often as needed: copy k of every
 * article fetched in (from, to], k seconds later, with its own id (`<id>-c<k>`) and URL, without
 * its trend or any detection field, as the replay's SOAK_SCALE copies are. The copies join their
 * originals' stories, so the pass meets the kept open trends as the month's own run did.
 * With an OpenSearch snapshot of the set taken after the copies, soak-run.ts at a clock after `to`
 * repeats the same pass (restore, run, restore, run).
 * Run: OPENSEARCH_URL=... node --import tsx test/bench/soak-copies.ts <index prefix> <from ISO> <to ISO> [k]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { createOpenSearchClient, indexNames } from '@trendscope/core';
import { BENCH_OPENSEARCH_URL } from './bench-services';

const [prefix, from, to, copy = '1'] = process.argv.slice(2);
if (!prefix || !from || !to) throw new Error('usage: soak-copies.ts <index prefix> <from ISO> <to ISO> [k]');
const k = Math.max(1, Math.floor(Number(copy)));
const names = indexNames(prefix);
const client = createOpenSearchClient({ url: BENCH_OPENSEARCH_URL, requestTimeoutMs: 300_000, maxRetries: 2 });

/** A stored article as copy k: its own id and URL, k seconds later, unassigned and never detected. */
function articleCopy(source: Record<string, unknown>, k: number): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(source)) {
    if (field !== 'trend_id' && !field.startsWith('detect_')) doc[field] = value;
  }
  const later = (v: unknown): unknown => (typeof v === 'string' ? new Date(Date.parse(v) + k * 1000).toISOString() : v);
  for (const field of ['published_date', 'fetched_at', 'indexed_at']) doc[field] = later(doc[field]);
  for (const field of ['url', 'canonical_url']) {
    const url = doc[field];
    if (typeof url === 'string') doc[field] = `${url}${url.includes('?') ? '&' : '?'}soak-copy=${k}`;
  }
  return doc;
}

const body: Record<string, unknown>[] = [];
let after: (string | number)[] | undefined;
for (;;) {
  const res = await client.search({
    index: names.articles,
    body: {
      size: 2000,
      query: { range: { fetched_at: { gt: from, lte: to } } },
      sort: [{ canonical_url: 'asc' }],
      ...(after ? { search_after: after } : {}),
    },
  });
  const hits = res.body.hits.hits as unknown as {
    _id: string;
    _source: Record<string, unknown>;
    sort: (string | number)[];
  }[];
  for (const h of hits)
    body.push({ index: { _index: names.articles, _id: `${h._id}-c${k}` } }, articleCopy(h._source, k));
  if (hits.length < 2000) break;
  after = hits[hits.length - 1]!.sort;
}
if (body.length > 0) {
  const res = await client.bulk({ body, refresh: true });
  if (res.body.errors) throw new Error('soak-copies: the bulk write rejected documents');
}
process.stdout.write(`soak copies: ${body.length / 2} articles fetched in (${from}, ${to}] copied as copy ${k}\n`);
await client.close();
