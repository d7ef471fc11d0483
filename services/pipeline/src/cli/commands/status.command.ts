import {
  closeRedis,
  createOpenSearchClient,
  createRedis,
  indexNames,
  type Config,
  type OpenSearchClient,
} from '@trendscope/core';
import { encoderAvailable } from '../../embed/embed-texts';
import { encoderFiles } from '../../embed/encoder-files';
import { cliQueuePrefix, closeQueues, createQueues, type StageQueues } from '../../queues/create-queues';
import { countDeadLetters, readDeadLetters } from '../../queues/dead-letter';
import { STAGES } from '../../queues/routing-table';
import { deadLetterLines } from '../dead-letter-reasons';

/**
 * `trendscope status`: queue counts, indexed articles, last runs, dead letters, and whether this
 * machine's sentence encoder is in place (without it detection runs degraded).
 */
export async function runStatusCommand(config: Config, out: NodeJS.WritableStream = process.stdout): Promise<void> {
  const redis = createRedis(config.redis, { forQueues: true });
  const opensearch = createOpenSearchClient({ url: config.opensearch.url, requestTimeoutMs: 10_000 });
  const names = indexNames(config.opensearch.indexPrefix);
  try {
    for (const [label, prefix] of [
      ['workers', config.redis.keyPrefix],
      ['cli runs', cliQueuePrefix(config.redis.keyPrefix)],
    ] as const) {
      await writeQueueCounts(out, label, createQueues(redis, prefix, config.pipeline.jobAttempts));
    }

    out.write(`articles (${names.articles}):\n`);
    let replayed = 0;
    try {
      const res = await rawSearch(opensearch, names.articles, {
        size: 0,
        track_total_hits: true,
        aggs: {
          retained: { filter: { term: { content_retained: true } } },
          // `trendscope replay` (what `make demo` runs) names its sources `replay-...`.
          replayed: { filter: { prefix: { source_id: 'replay-' } } },
          methods: { terms: { field: 'fetch_method' } },
          domains: { cardinality: { field: 'domain' } },
          last: { max: { field: 'fetched_at' } },
        },
      });
      const b = res as {
        hits: { total: { value: number } };
        aggregations: {
          retained: { doc_count: number };
          replayed: { doc_count: number };
          methods: { buckets: Array<{ key: string; doc_count: number }> };
          domains: { value: number };
          last: { value_as_string?: string };
        };
      };
      const a = b.aggregations;
      replayed = a.replayed.doc_count;
      out.write(
        `  total ${b.hits.total.value}, body retained ${a.retained.doc_count}, domains ${a.domains.value}, ` +
          `by fetch_method ${a.methods.buckets.map((x) => `${x.key}=${x.doc_count}`).join(' ') || '-'}, ` +
          `last fetched ${a.last.value_as_string ?? '-'}\n`,
      );
    } catch (err) {
      out.write(`  unavailable: ${(err as Error).message}\n`);
    }

    out.write('last runs:\n');
    try {
      const res = await rawSearch(opensearch, names.runs, { size: 5, sort: [{ started_at: 'desc' }] });
      const hits = (res as { hits: { hits: Array<{ _source: RunRow }> } }).hits.hits;
      if (hits.length === 0) out.write('  none\n');
      for (const h of hits) {
        const r = h._source;
        out.write(
          `  ${r.kind} ${r.status} ${r.started_at} -> ${r.finished_at ?? '-'} ${JSON.stringify(r.counts ?? {})}\n`,
        );
      }
    } catch (err) {
      out.write(`  unavailable: ${(err as Error).message}\n`);
    }

    out.write(`${encoderLine()}\n`);
    const dead = await countDeadLetters(redis, config.redis.keyPrefix);
    out.write(`dead letters: ${dead}\n`);
    for (const line of deadLetterLines(await readDeadLetters(redis, config.redis.keyPrefix, 10), replayed)) {
      out.write(`${line}\n`);
    }
  } finally {
    await opensearch.close();
    await closeRedis(redis);
  }
}

/** One line on the sentence encoder's files as detection on this machine would find them. */
export function encoderLine(env: NodeJS.ProcessEnv = process.env): string {
  const { dir } = encoderFiles(env);
  return encoderAvailable(env)
    ? `sentence encoder: ready (${dir})`
    : `sentence encoder: MISSING in ${dir}: detection runs without story rejoin; run \`make install\``;
}

async function writeQueueCounts(out: NodeJS.WritableStream, label: string, queues: StageQueues): Promise<void> {
  try {
    out.write(`queues (${label}, prefix ${queues.discover.opts.prefix ?? ''}):\n`);
    const head = ['waiting', 'active', 'delayed', 'failed', 'completed'].map((h) => h.padStart(9)).join(' ');
    out.write(`  ${'stage'.padEnd(9)} ${head}\n`);
    for (const stage of STAGES) {
      const c = await queues[stage].getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed', 'completed');
      const row = [(c.waiting ?? 0) + (c.prioritized ?? 0), c.active, c.delayed, c.failed, c.completed];
      out.write(`  ${stage.padEnd(9)} ${row.map((n) => String(n ?? 0).padStart(9)).join(' ')}\n`);
    }
    out.write(`  discover schedulers: ${await queues.discover.getJobSchedulersCount()}\n`);
  } finally {
    await closeQueues(queues);
  }
}

async function rawSearch(client: OpenSearchClient, index: string, body: Record<string, unknown>): Promise<unknown> {
  const res = await client.transport.request({ method: 'POST', path: `/${encodeURIComponent(index)}/_search`, body });
  return res.body;
}

interface RunRow {
  kind: string;
  status: string;
  started_at: string;
  finished_at: string | null;
  counts?: Record<string, number>;
}
