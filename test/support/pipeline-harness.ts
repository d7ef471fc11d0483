import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { loadConfig, migrateIndices, readBodies, type ArticleDoc, type Config } from '@trendscope/core';
import { REPO_ROOT } from '@trendscope/pipeline/repo-root';
import type { Job } from 'bullmq';
import { articleId } from '@trendscope/pipeline/articles/article-id';
import { IndexBatcher, type IndexBatcherOptions } from '@trendscope/pipeline/articles/index-batcher';
import { loadCorpus } from '@trendscope/pipeline/feed-server/load-corpus';
import { corpusDir } from '@trendscope/pipeline/lab/corpus/corpus-path';
import type { StageQueues } from '@trendscope/pipeline/queues/create-queues';
import { jobId } from '@trendscope/pipeline/queues/job-ids';
import { silentLogger, type TestServices } from './services';

/** Config for a pipeline test: the test's prefixes, these hosts allowed, no politeness delay. */
export function pipelineTestConfig(s: TestServices, allowHosts: string[], extra: Record<string, string> = {}): Config {
  return loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    OPENSEARCH_INDEX_PREFIX: s.prefix,
    REDIS_KEY_PREFIX: s.prefix,
    PIPELINE_ALLOW_HOSTS: allowHosts.join(','),
    PIPELINE_DOMAIN_DELAY_MS: '0',
    PIPELINE_DOMAIN_CONCURRENCY: '16',
    PIPELINE_FETCH_TIMEOUT_MS: '5000',
    PIPELINE_JOB_ATTEMPTS: '2',
    PIPELINE_INDEX_BATCH_SIZE: '100',
    ...extra,
  });
}

/** Creates the test's indices. */
export async function migrateTestIndices(s: TestServices): Promise<void> {
  await migrateIndices(s.opensearch, s.names);
}

/** Every stored article of the test's index, with its body (stored apart, in the bodies index). */
export async function readArticles(s: TestServices): Promise<Array<{ id: string; doc: ArticleDoc }>> {
  await s.opensearch.indices.refresh({ index: `${s.names.articles},${s.names.bodies}` });
  const res = await s.opensearch.transport.request({
    method: 'POST',
    path: `/${s.names.articles}/_search`,
    body: { size: 10_000, query: { match_all: {} } },
  });
  const hits = (res.body as { hits: { hits: Array<{ _id: string; _source: ArticleDoc }> } }).hits.hits;
  // The body is stored apart (the bodies index): each article is read back with its own.
  const bodies = await readBodies(
    s.opensearch,
    s.names,
    hits.map((h) => h._id),
  );
  return hits.map((h) => ({ id: h._id, doc: { ...h._source, body: bodies.get(h._id) ?? h._source.body } }));
}

/**
 * Starts a real pipeline worker process (services/pipeline/src/worker.main.ts) on the test's
 * prefixes, allowed to reach `hostPort` (the feed server), with small batches; `env` adds to it.
 */
export function spawnPipelineWorker(s: TestServices, hostPort: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', resolve(REPO_ROOT, 'services/pipeline/src/worker.main.ts')], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      LOG_LEVEL: 'silent',
      OPENSEARCH_INDEX_PREFIX: s.prefix,
      REDIS_KEY_PREFIX: s.prefix,
      OPENSEARCH_MIGRATE_ON_START: 'false',
      PIPELINE_ALLOW_HOSTS: hostPort,
      PIPELINE_DOMAIN_DELAY_MS: '0',
      PIPELINE_DOMAIN_CONCURRENCY: '8',
      PIPELINE_FETCH_CONCURRENCY: '8',
      PIPELINE_INDEX_BATCH_SIZE: '20',
      PIPELINE_METRICS_PORT: '0',
      PIPELINE_JOB_LOCK_MS: '6000',
      ...env,
    },
  });
}

/** Queues one discover job per feed, as the scheduler does (`round` tells repeated rounds apart). */
export function discoverFeeds(
  queues: Pick<StageQueues, 'discover'>,
  feedUrls: readonly string[],
  opts: { sourcePrefix?: string; round?: string } = {},
): Promise<Job[]> {
  const suffix = opts.round ? `-${opts.round}` : '';
  return queues.discover.addBulk(
    feedUrls.map((feed_url, i) => ({
      name: 'discover',
      data: { source_id: `${opts.sourcePrefix ?? 's'}${i}`, feed_url },
      opts: { jobId: `${jobId('discover', feed_url)}${suffix}` },
    })),
  );
}

/** Every failed job of these stages, as "stage id: reason" (a test expects none). */
export async function failedJobs(queues: StageQueues, stages: ReadonlyArray<keyof StageQueues>): Promise<string[]> {
  const failed: string[] = [];
  for (const stage of stages) {
    for (const j of await queues[stage].getFailed()) failed.push(`${stage} ${j.id}: ${j.failedReason}`);
  }
  return failed;
}

/** The article ids the first `limit` items of a corpus become once fetched. */
export async function corpusArticleIds(corpus: string, limit: number): Promise<Set<string>> {
  const loaded = await loadCorpus(corpusDir(corpus), { limit });
  return new Set(loaded.items.map((i) => articleId(i.originalUrl)));
}

/** Jobs of `stage` a worker process completed, read from the text of its /metrics. */
export function completedJobs(metrics: string, stage: string): number {
  const line = new RegExp(
    `^trendscope_pipeline_jobs_total\\{stage="${stage}",outcome="completed"[^}]*\\} (\\d+)$`,
    'm',
  );
  return Number(metrics.match(line)?.[1] ?? 0);
}

/** The text of the /metrics of the worker process listening on `port`. */
export async function workerMetrics(port: number): Promise<string> {
  return (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
}

/** Jobs of `stage` the worker process listening on `port` completed, from its own /metrics. */
export async function completedBy(port: number, stage: string): Promise<number> {
  return completedJobs(await workerMetrics(port), stage);
}

/** Waits until `n` workers listen on `stage`'s queue (each worker names its Redis connection after it). */
export async function waitForWorkers(
  queues: StageQueues,
  stage: keyof StageQueues,
  n: number,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await queues[stage].getWorkers()).length < n) {
    if (Date.now() > deadline) throw new Error(`fewer than ${n} workers on the ${stage} queue`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** An index batcher into the test's articles and bodies aliases (50 a batch, silent); `overrides` replace any option. */
export function testIndexBatcher(s: TestServices, overrides: Partial<IndexBatcherOptions> = {}): IndexBatcher {
  return new IndexBatcher({
    opensearch: s.opensearch,
    alias: s.names.articles,
    bodiesAlias: s.names.bodies,
    batchSize: 50,
    logger: silentLogger,
    ...overrides,
  });
}
