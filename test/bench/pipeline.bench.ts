/**
 * Pipeline speed. (1) extract + sanitise + score + index over the 181 article-extraction-benchmark
 * pages; (2) the whole pipeline (local feed server -> discover -> fetch -> process -> index through
 * the BullMQ queues) over UCI headlines. Each is compared with a raw `_bulk` of the same final
 * documents into a fresh index in the same run, so the ratio says what the pipeline costs on top
 * of OpenSearch's own write speed on this machine. After (2), the sentence encoder's CPU per article
 * on the same documents' title + lead (`BENCH_ENCODER=0` skips it).
 * Run against a private node: `make bench`, or OPENSEARCH_URL=... REDIS_URL=... node --import tsx test/bench/pipeline.bench.ts
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import {
  createLogger,
  createOpenSearchClient,
  createRedis,
  indexNames,
  loadConfig,
  migrateIndices,
  type ArticleDoc,
  type OpenSearchClient,
} from '@trendscope/core';
import { runPipelineOnce } from '@trendscope/pipeline/cli/run-pipeline-once';
import { extractArticle } from '@trendscope/pipeline/extract/extract-article';
import { startFeedServer } from '@trendscope/pipeline/feed-server/feed-server';
import { cleanBody } from '@trendscope/pipeline/sanitise/clean-body';
import { sanitiseField } from '@trendscope/pipeline/sanitise/sanitise-text';
import { scoreArticle } from '@trendscope/pipeline/score/score-article';
import { articleId } from '@trendscope/pipeline/articles/article-id';
import { buildArticleDoc } from '@trendscope/pipeline/articles/build-article-doc';
import { IndexBatcher } from '@trendscope/pipeline/articles/index-batcher';
import { memberText } from '@trendscope/pipeline/detect/trend-category';
import { embedTexts } from '@trendscope/pipeline/embed/embed-texts';
import { corpusDir } from '@trendscope/pipeline/lab/corpus/corpus-path';
import { loadExtractionBenchmark } from '@trendscope/pipeline/lab/corpus/extraction-benchmark';

const UCI_ARTICLES = Number(process.env.BENCH_UCI_ARTICLES ?? 10_000);
const BATCH = 500;
/** Which parts to run (`BENCH_PIPELINE_PARTS=uci` for the whole-pipeline run alone). */
const PARTS = (process.env.BENCH_PIPELINE_PARTS ?? 'pages,uci').split(',');
const logger = createLogger({ level: 'silent', name: 'bench' });
const prefix = `bench-${randomBytes(3).toString('hex')}`;
const base = loadConfig({
  ...process.env,
  OPENSEARCH_INDEX_PREFIX: prefix,
  REDIS_KEY_PREFIX: prefix,
  LOG_LEVEL: 'silent',
});
const client = createOpenSearchClient({ url: base.opensearch.url, requestTimeoutMs: 120_000, maxRetries: 2 });
const redis = createRedis(base.redis.url, { forQueues: true });

async function rawBulk(os: OpenSearchClient, docs: ArticleDoc[], label: string): Promise<number> {
  const names = indexNames(`${prefix}-raw-${label}`);
  await migrateIndices(os, names, { kinds: ['articles'] });
  const started = performance.now();
  for (let i = 0; i < docs.length; i += BATCH) {
    const body = docs
      .slice(i, i + BATCH)
      .flatMap((d) => [{ index: { _index: names.articles, _id: articleId(d.canonical_url) } }, d]);
    const res = await os.bulk({ body, refresh: true });
    if ((res.body as { errors: boolean }).errors) throw new Error('raw bulk had item errors');
  }
  return (performance.now() - started) / 1000;
}

function line(label: string, n: number, seconds: number, baseline: number): void {
  const rate = n / seconds;
  const rawRate = n / baseline;
  process.stdout.write(
    `${label.padEnd(44)} ${String(n).padStart(6)} articles  ${rate.toFixed(0).padStart(6)} articles/s` +
      `   raw _bulk ${rawRate.toFixed(0).padStart(6)} articles/s   ratio ${(rate / rawRate).toFixed(3)}\n`,
  );
}

async function benchPages(): Promise<void> {
  const pages = loadExtractionBenchmark();
  const names = indexNames(prefix);
  await migrateIndices(client, names, { kinds: ['articles', 'bodies'] });
  const batcher = new IndexBatcher({
    opensearch: client,
    alias: names.articles,
    bodiesAlias: names.bodies,
    batchSize: BATCH,
    logger,
  });
  const fetchedAt = new Date();
  const docs: ArticleDoc[] = [];
  const started = performance.now();
  const writes: Promise<void>[] = [];
  for (const page of pages) {
    const ex = extractArticle(page.html, { url: page.url });
    const body = cleanBody(ex.body_html ?? '');
    const title = sanitiseField(ex.title ?? '', 1000) ?? '';
    const canonicalUrl = ex.canonical_url;
    const doc = buildArticleDoc({
      url: page.url,
      canonicalUrl,
      title,
      publisher: sanitiseField(ex.publisher, 300),
      author: sanitiseField(ex.author, 300),
      publishedDate: ex.published_date,
      description: sanitiseField(ex.description, 2000),
      body,
      score: scoreArticle({ title, text: body.text, url: canonicalUrl }),
      fetchMethod: 'page',
      fetchedAt,
      sourceId: 'bench',
      feedUrl: null,
      categoryHint: null,
    });
    docs.push(doc);
    writes.push(batcher.write(articleId(canonicalUrl), doc));
  }
  await Promise.all(writes);
  await batcher.drain();
  const seconds = (performance.now() - started) / 1000;
  line('benchmark pages: extract+sanitise+score+index', docs.length, seconds, await rawBulk(client, docs, 'pages'));
}

async function benchUci(): Promise<void> {
  const server = await startFeedServer({
    corpusDir: corpusDir('uci-news-aggregator'),
    limit: UCI_ARTICLES,
    shiftToNow: true,
  });
  const p = `${prefix}-uci`;
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    OPENSEARCH_INDEX_PREFIX: p,
    REDIS_KEY_PREFIX: p,
    PIPELINE_ALLOW_HOSTS: server.hostPort,
    PIPELINE_DOMAIN_DELAY_MS: '0',
    PIPELINE_DOMAIN_CONCURRENCY: '64',
    PIPELINE_FETCH_CONCURRENCY: process.env.PIPELINE_FETCH_CONCURRENCY ?? '32',
    PIPELINE_PROCESS_CONCURRENCY: process.env.PIPELINE_PROCESS_CONCURRENCY ?? '8',
  });
  try {
    const summary = await runPipelineOnce(
      config,
      logger,
      server.feedUrls.map((feed_url, i) => ({ source_id: `uci-${i}`, feed_url })),
    );
    const names = indexNames(p);
    await client.indices.refresh({ index: names.articles });
    const docs: ArticleDoc[] = [];
    let res = await client.search({
      index: names.articles,
      scroll: '1m',
      size: 2000,
      body: { query: { match_all: {} } },
    });
    for (;;) {
      const hits = (res.body.hits.hits as Array<{ _source: ArticleDoc }>).map((h) => h._source);
      if (hits.length === 0) break;
      docs.push(...hits);
      res = await client.scroll({ scroll_id: res.body._scroll_id as string, scroll: '1m' });
    }
    line(
      `UCI headlines: whole pipeline (${summary.feeds} feeds)`,
      // Documents in the index: entries that share a canonical URL are one article.
      docs.length,
      summary.seconds,
      await rawBulk(client, docs, 'uci'),
    );
    await encoderCost(docs, summary.seconds);
  } finally {
    await server.close();
  }
}

/**
 * The sentence encoder on the same articles: each one's title + lead (the text detection's category
 * vote reads) embedded one text per inference call, as detection does (DEFAULT_BATCH_SIZE), in this process. Prints the encoder's CPU per
 * article and the replay's end-to-end rate with that pass added to its wall time.
 */
async function encoderCost(docs: readonly ArticleDoc[], replaySeconds: number): Promise<void> {
  if (process.env.BENCH_ENCODER === '0') return;
  const texts = docs.map((d) => memberText(d));
  await embedTexts(texts.slice(0, 32)); // loads the session: once per process, not per article
  const cpu = process.cpuUsage();
  const started = performance.now();
  await embedTexts(texts);
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000 / texts.length;
  process.stdout.write(
    `${'sentence encoder: title + lead, one per call'.padEnd(44)} ${String(texts.length).padStart(6)} articles  ` +
      `${cpuMs.toFixed(2)} ms CPU per article, ${(texts.length / seconds).toFixed(0)} articles/s wall; ` +
      `replay + encoder ${(docs.length / (replaySeconds + seconds)).toFixed(0)} articles/s end to end ` +
      `(load average ${loadavg()[0]!.toFixed(1)})\n`,
  );
}

try {
  process.stdout.write(`pipeline bench (OpenSearch ${base.opensearch.url}, Redis ${base.redis.url})\n`);
  if (PARTS.includes('pages')) await benchPages();
  if (PARTS.includes('uci')) await benchUci();
} finally {
  await client.indices.delete({ index: `${prefix}-*`, expand_wildcards: 'all' }).catch(() => undefined);
  for (const pattern of [`${prefix}*`]) {
    const keys = await redis.keys(pattern);
    for (let i = 0; i < keys.length; i += 1000) await redis.del(...keys.slice(i, i + 1000));
  }
  await client.close();
  redis.disconnect();
}
process.exit(0);
