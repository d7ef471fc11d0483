/**
 * A steady ingest for the API bench's `ingest` phase: writes articles through the pipeline's own
 * IndexBatcher (refreshed `_bulk` upserts, as the process stage does) at BENCH_INGEST_RATE articles
 * a second, each with a distinct URL, until it is stopped. It starts paused and prints `ready`; the
 * lines `resume`, `pause` and `stop` on its standard input steer it, so the bench can alternate
 * idle and ingesting rounds with one process (signals would not do: SIGUSR1 starts Node's debugger). With
 * BENCH_INGEST_BUMP=1 it also bumps the data generation after each batch, as the pipeline did
 * before detection alone did so; BENCH_INGEST_REFRESH (true, wait_for, false) sets the batcher's
 * refresh per `_bulk` instead of the pipeline's default: the bench measures them in the same run.
 * Prints the number of articles written when it stops.
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { bumpGeneration, createOpenSearchClient, createRedis, indexNames, type Logger } from '@trendscope/core';
import { IndexBatcher } from '@trendscope/pipeline/articles/index-batcher';
import { articleId } from '@trendscope/pipeline/articles/article-id';
import { buildArticle } from '../support/factories';
import { BENCH_OPENSEARCH_URL, BENCH_REDIS_URL } from './bench-services';

const PREFIX = process.env.BENCH_INGEST_PREFIX ?? 'bench';
const RATE = Number(process.env.BENCH_INGEST_RATE ?? 20);
const BUMP = process.env.BENCH_INGEST_BUMP === '1';
const REFRESH = ({ true: true, false: false, wait_for: 'wait_for' } as const)[
  (process.env.BENCH_INGEST_REFRESH ?? '') as 'true' | 'false' | 'wait_for'
];
/** Articles are sent in ticks of this length, RATE * TICK_MS / 1000 at a time. */
const TICK_MS = 250;

const opensearch = createOpenSearchClient({ url: BENCH_OPENSEARCH_URL, requestTimeoutMs: 30_000, maxRetries: 2 });
const redis = createRedis(BENCH_REDIS_URL);
const quiet = { debug() {}, info() {}, warn() {}, error() {} } as unknown as Logger;
const batcher = new IndexBatcher({
  opensearch,
  alias: indexNames(PREFIX).articles,
  bodiesAlias: indexNames(PREFIX).bodies,
  batchSize: 200,
  logger: quiet,
  ...(REFRESH === undefined ? {} : { refresh: REFRESH }),
});

let paused = true;
let written = 0;
let sequence = 0;
let carry = 0;
const run = `${process.pid}-${Date.now().toString(36)}`;

const timer = setInterval(() => {
  if (paused) return;
  carry += (RATE * TICK_MS) / 1000;
  const n = Math.floor(carry);
  carry -= n;
  const writes: Promise<void>[] = [];
  for (let i = 0; i < n; i += 1) {
    const url = `https://ingest.example.com/${run}/${(sequence += 1)}`;
    const doc = buildArticle({ url, canonical_url: url, fetched_at: new Date().toISOString() }, new Date());
    writes.push(batcher.write(articleId(url), doc).then(() => void (written += 1)));
  }
  void Promise.allSettled(writes).then(async () => {
    if (BUMP && n > 0) await bumpGeneration(redis, PREFIX).catch(() => undefined);
  });
}, TICK_MS);

function stop(): void {
  clearInterval(timer);
  void batcher
    .drain()
    .catch(() => undefined)
    .then(async () => {
      process.stdout.write(`${written}\n`);
      await opensearch.close();
      redis.disconnect();
      process.exit(0);
    });
}

process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  for (const command of chunk.split('\n').filter(Boolean)) {
    if (command === 'resume') paused = false;
    else if (command === 'pause') paused = true;
    else if (command === 'stop') stop();
  }
});
process.stdin.on('end', stop);
process.stdout.write('ready\n');
