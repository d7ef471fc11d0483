/**
 * What the detection soak (soak.bench.ts) and its scoring (soak-quality.ts, soak-score.ts) share:
 * the replayed UCI reports, their bulk ingest, the stored assignments, and one detection run in a
 * process of its own (soak-run.ts).
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { ArticleDoc, OpenSearchClient } from '@trendscope/core';
import type { DetectOptions } from '@trendscope/pipeline/detect/run-detect';
import type { UciRow } from '@trendscope/pipeline/lab/corpus/uci.corpus';
import { corpusArticleDoc } from '../support/corpus-article-doc';

const BATCH = 2000;
const RUNNER = resolve(import.meta.dirname, 'soak-run.ts');

/** SOAK_KEEP=1 (or true, yes) keeps a soak's indices for later scoring; unset, 0 or false deletes them. */
export function keepsSoakIndices(env: NodeJS.ProcessEnv = process.env): boolean {
  return /^(1|true|yes)$/i.test(env.SOAK_KEEP ?? '');
}

/**
 * The clustering options over the defaults of every soak detection run and of the clustering alone
 * (SOAK_CLUSTER, a JSON object such as {"mergeSettleMinutes":30,"lonePairsNeedRareWords":true};
 * unset: none), so an option can be soaked before it is on by default.
 */
export function soakClusterOptions(env: NodeJS.ProcessEnv = process.env): NonNullable<DetectOptions['cluster']> {
  const raw = env.SOAK_CLUSTER?.trim();
  if (!raw) return {};
  const parsed: unknown = JSON.parse(raw);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error(`SOAK_CLUSTER must be a JSON object, got ${raw}`);
  return parsed;
}

/** One replayed report: its document, its gold story and its time. */
export interface Report {
  id: string;
  doc: ArticleDoc;
  story: string;
  time: number;
}

/**
 * The stored articles of a UCI row as the index stage would write them (title only: the set has no
 * text), `scale` copies of it (copy k k seconds later, its own URL).
 */
export function reportsOf(r: UciRow, scale = 1): Report[] {
  return Array.from({ length: scale }, (_, k) => {
    const time = r.timestamp + k * 1000;
    const at = new Date(time).toISOString();
    const url = k === 0 ? r.url : `${r.url}${r.url.includes('?') ? '&' : '?'}soak-copy=${k}`;
    return {
      id: k === 0 ? `uci-${r.id}` : `uci-${r.id}-${k}`,
      story: r.story,
      time,
      doc: corpusArticleDoc({
        url,
        domain: r.hostname.replace(/^www\./, ''),
        publisher: r.publisher,
        author: null,
        published_date: at,
        fetched_at: at,
        fetch_method: 'feed',
        title: r.title,
        description: null,
        text: '',
      }),
    };
  });
}

/** Bulk-indexes reports into `index`, refreshing after the last batch. */
export async function ingest(client: OpenSearchClient, index: string, reports: readonly Report[]): Promise<void> {
  for (let i = 0; i < reports.length; i += BATCH) {
    const body = reports.slice(i, i + BATCH).flatMap((r) => [{ index: { _index: index, _id: r.id } }, r.doc]);
    const res = await client.bulk({ body, refresh: i + BATCH >= reports.length });
    if (res.body.errors) throw new Error(`soak: bulk into ${index} rejected documents`);
  }
}

/** article id -> trend id of every assigned stored article. */
export async function storedAssignments(client: OpenSearchClient, index: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  let after: (string | number)[] | undefined;
  for (;;) {
    const res = await client.search({
      index,
      body: {
        query: { exists: { field: 'trend_id' } },
        _source: ['trend_id'],
        sort: [{ canonical_url: 'asc' }],
        size: 5000,
        ...(after ? { search_after: after } : {}),
      },
    });
    const hits = res.body.hits.hits as unknown as {
      _id: string;
      _source: { trend_id: string };
      sort: (string | number)[];
    }[];
    for (const h of hits) out.set(h._id, h._source.trend_id);
    if (hits.length < 5000) return out;
    after = hits[hits.length - 1]!.sort;
  }
}

/** What one detection run printed (soak-run.ts). */
export interface RunFigures {
  cpu_ms: number;
  wall_ms: number;
  peak_rss_mb: number;
  heap_used_mb: number;
  articles_read: number;
  /** Of articles_read, those read with a few fields only (domain quality's read). */
  articles_read_lean: number;
  trends_read: number;
  /** Trends read with their clustering state, and read whole (with their timeline). */
  trend_states_read?: number;
  trend_docs_read?: number;
  /** Per step of the run's last pass (run-detect.ts DetectPhase): heap in use and peak RSS so far at its end, MB. */
  phases?: Record<string, [number, number]>;
  articles_considered: number;
  articles_assigned: number;
  trends_written: number;
  trends_merged: number;
  /** Passes the run made (PIPELINE_DETECT_MAX_NEW_REPORTS new reports each at most). */
  passes?: number;
}

/**
 * Node flags for each run of the soak itself (SOAK_NODE_FLAGS, space-separated, e.g.
 * `--max-old-space-size=320`): to measure a V8 setting of the detect process over the month
 * without setting it on the bench process or the batch side's runs.
 */
export const SOAK_RUN_FLAGS = (process.env.SOAK_NODE_FLAGS ?? '').split(/\s+/).filter((f) => f.length > 0);

/** One detection run over the indices of `prefix` at clock `now`, in a process of its own (with Node's `flags`). */
export function spawnRun(
  prefix: string,
  now: Date,
  env: Record<string, string> = {},
  flags: readonly string[] = [],
): RunFigures {
  const child = spawnSync(process.execPath, [...flags, '--import', 'tsx', RUNNER, prefix, now.toISOString()], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 1 << 24,
  });
  if (child.status !== 0) throw new Error(`soak: run at ${now.toISOString()} failed:\n${child.stderr}`);
  const line = child.stdout.trim().split('\n').pop()!;
  return JSON.parse(line) as RunFigures;
}
