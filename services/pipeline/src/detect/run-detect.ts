import {
  bumpGeneration,
  type IndexNames,
  type Logger,
  type OpenSearchClient,
  type Redis,
  type RunDoc,
} from '@trendscope/core';
import { lazyClassifier } from '../classify/classifier';
import { DEFAULT_RATINGS_FILE, loadDomainRatings } from '../score/domain-ratings';
import { DEFAULT_CLUSTER_OPTIONS, type ClusterOptions } from './cluster';
import { applyClusters } from './detect-apply';
import { buildRun } from './detect-build';
import { clusterRun } from './detect-cluster';
import { loadDetectInput, type DetectSettings } from './detect-load';
import { writeRun } from './detect.repository';
import { backgroundIdf } from './idf';
import { DEFAULT_REJOIN_OPTIONS, type RejoinOptions } from './rejoin-stories';
import { writeDetectResult } from './write-detect';

/** What runDetect needs. */
export interface DetectDeps {
  opensearch: OpenSearchClient;
  names: IndexNames;
  redis: Redis;
  keyPrefix: string;
  logger: Logger;
  /** Throws when the run no longer holds the single-flight lock (checked before anything is written). */
  assertLockHeld?: () => Promise<void>;
  /** Called as each step of the run ends (a measuring tool reads the process's memory there). */
  onPhase?: (phase: DetectPhase) => void;
}

/** The steps of a run, in order. */
export type DetectPhase = 'load' | 'cluster' | 'apply' | 'build' | 'write';

/** Counts of one detection run. */
export interface DetectSummary {
  run_id: string;
  articles_considered: number;
  articles_assigned: number;
  trends_created: number;
  trends_written: number;
  /** Stored trends merged into another in this run (their ids now resolve to the survivor). */
  trends_merged: number;
  domains_written: number;
  /** With mergeSettleMinutes: the clock up to which the run judged merges (ms), the next run's mergeJudgedUntil. */
  merges_judged_until?: number;
}

/** What a run is asked to do: its clock and the options over the defaults. */
export interface DetectOptions {
  now: Date;
  windowHours?: number;
  modelPath?: string;
  ratingsFile?: string;
  /** Most new reports the run reads and clusters, the earliest first (PIPELINE_DETECT_MAX_NEW_REPORTS); the rest wait. */
  maxNewReports?: number;
  /** Most stored members read of a trend the run adds reports to (PIPELINE_DETECT_MAX_MEMBERS_READ; default: all). */
  maxMembersRead?: number;
  /** Clustering options over DEFAULT_CLUSTER_OPTIONS. */
  cluster?: Partial<Omit<ClusterOptions, 'now' | 'idf'>>;
  /** Story rejoin options over DEFAULT_REJOIN_OPTIONS (rejoinCosine 0: no rejoin). */
  rejoin?: Partial<RejoinOptions>;
}

/** A run's settings from its options, resolved once and passed to every step. */
export function detectSettings(opts: DetectOptions): DetectSettings {
  const windowHours = opts.windowHours ?? opts.cluster?.windowHours ?? DEFAULT_CLUSTER_OPTIONS.windowHours;
  const cluster = { ...DEFAULT_CLUSTER_OPTIONS, ...opts.cluster, windowHours };
  return {
    now: opts.now,
    since: new Date(opts.now.getTime() - windowHours * 3_600_000).toISOString(),
    cluster,
    idf: backgroundIdf(),
    withMeaning: cluster.meaningThreshold > 0 || cluster.learnedMerge,
    maxNewReports: opts.maxNewReports ?? Number.POSITIVE_INFINITY,
    maxMembersRead: opts.maxMembersRead ?? Number.POSITIVE_INFINITY,
    rejoin: { ...DEFAULT_REJOIN_OPTIONS, ...opts.rejoin },
  };
}

/**
 * One detection run at clock `now`, top-down: loads the new reports and the open trends' stored
 * compact state (detect-load.ts, no member article read), clusters the new ones and decides what
 * to read (detect-cluster.ts: the members of the trends it changes; the stored documents of those
 * whose velocity moves with the clock), applies merges, assignments and the story rejoin
 * (detect-apply.ts), builds the documents (detect-build.ts: rebuilt trends from their members,
 * refreshed ones from their stored documents, the domains' quality) and writes them in the
 * crash-safe order of a merge (write-detect.ts), then records a RunDoc and bumps the data
 * generation. Replaying it with the same clock and data writes the same documents (ids derive
 * from content).
 */
export async function runDetect(deps: DetectDeps, opts: DetectOptions): Promise<DetectSummary> {
  const { opensearch: client, names, logger } = deps;
  const runId = `detect_${opts.now.getTime().toString(36)}`;
  const settings = detectSettings(opts);
  const startedMs = performance.now();
  // Loaded once per process and model file, and only by a run that builds a trend.
  const classifier = lazyClassifier(opts.modelPath);

  try {
    const ratings = loadDomainRatings(opts.ratingsFile ?? DEFAULT_RATINGS_FILE);
    const input = await loadDetectInput(deps, settings);
    deps.onPhase?.('load');
    const clustered = await clusterRun(deps, input, settings);
    deps.onPhase?.('cluster');
    const applied = await applyClusters(deps, input, clustered, settings);
    deps.onPhase?.('apply');
    // The build lets go of the input's states and reads (releaseClustering, releaseReads): counted first.
    const considered = input.unassigned.length;
    // Editions found in this run are marked, so later runs leave them out from the start (knownColumns).
    const columnMarks = input.unassigned
      .filter((a) => clustered.columns.has(a.id) && !a.detect_column)
      .map((a) => a.id);
    const { trends, refreshed, domains, embeddings } = await buildRun(deps, input, clustered, applied, {
      ...settings,
      classifier,
      ratings,
    });
    deps.onPhase?.('build');
    const { result } = clustered;
    await writeDetectResult(deps, {
      merged: result.merged,
      trends,
      refreshed,
      articleTrends: [...result.assignments, ...applied.moved],
      articleEmbeddings: embeddings,
      columns: columnMarks,
      deleted: [...result.merged.keys(), ...input.unfinished.keys()],
      domains,
    });
    deps.onPhase?.('write');
    const summary: DetectSummary = {
      run_id: runId,
      articles_considered: considered,
      articles_assigned: result.assignments.size,
      // A trend founded in this run and rejoined into an older one in the same run was not created.
      trends_created: result.created.filter((id) => !applied.rejoined.has(id)).length,
      trends_written: trends.length + refreshed.length,
      trends_merged: result.merged.size + input.unfinished.size,
      domains_written: domains.length,
      ...((settings.cluster.mergeSettleMinutes ?? 0) > 0 ? { merges_judged_until: input.mergeJudgedTo } : {}),
    };
    await writeRun(client, names, runDoc(runId, opts.now, performance.now() - startedMs, 'succeeded', summary));
    await bumpGeneration(deps.redis, deps.keyPrefix);
    logger.info({ ...summary }, 'detect run finished');
    return summary;
  } catch (err) {
    logger.error({ err, run_id: runId }, 'detect run failed');
    await writeRun(client, names, runDoc(runId, opts.now, performance.now() - startedMs, 'failed', {})).catch(
      () => undefined,
    );
    throw err;
  }
}

/** A run document: it starts at the run's clock and finishes as long after as the run took. */
function runDoc(
  id: string,
  now: Date,
  tookMs: number,
  status: RunDoc['status'],
  summary: Partial<DetectSummary>,
): RunDoc {
  const counts: Record<string, number> = {};
  for (const [k, v] of Object.entries(summary)) if (typeof v === 'number') counts[k] = v;
  const finished = new Date(now.getTime() + Math.round(tookMs)).toISOString();
  return { id, kind: 'detect', started_at: now.toISOString(), finished_at: finished, status, counts };
}
