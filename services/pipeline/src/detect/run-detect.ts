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
import { collectGarbage } from './collect-garbage';
import type { DetectSettings, PassStart } from './detect-load';
import { runPass, type PassCounts } from './detect-pass';
import { writeRun } from './detect.repository';
import { backgroundIdf } from './idf';
import { DEFAULT_REJOIN_OPTIONS, type RejoinOptions } from './rejoin-stories';

/** What runDetect needs. */
export interface DetectDeps {
  opensearch: OpenSearchClient;
  names: IndexNames;
  redis: Redis;
  keyPrefix: string;
  logger: Logger;
  /** Throws when the run no longer holds the single-flight lock (checked before each pass writes, and between passes). */
  assertLockHeld?: () => Promise<void>;
  /** Called as each step of each pass ends (a measuring tool reads the process's memory there). */
  onPhase?: (phase: DetectPhase) => void;
  /** The full garbage collection run between a pass's steps and between passes (default: collect-garbage.ts). */
  collectGarbage?: () => void;
}

/** The steps of a pass, in order. */
export type DetectPhase = 'load' | 'cluster' | 'apply' | 'build' | 'write';

/**
 * Counts of one detection run, summed over its passes (trends_written and domains_written count
 * writes: a trend changed by two passes counts twice; trends_merged: stored trends merged into
 * another, their ids now resolving to the survivor).
 */
export interface DetectSummary extends PassCounts {
  run_id: string;
  /** Passes the run made (each up to maxNewReports new reports). */
  passes: number;
  /** 1 when the run stopped at maxPasses with new reports still waiting (the next run's), else 0. */
  stopped_at_max_passes: number;
  /** With mergeSettleMinutes: the clock up to which the run judged merges (ms), the next run's mergeJudgedUntil. */
  merges_judged_until?: number;
}

/** What a run is asked to do: its clock and the options over the defaults. */
export interface DetectOptions {
  now: Date;
  windowHours?: number;
  modelPath?: string;
  ratingsFile?: string;
  /**
   * Most new reports one pass reads and clusters, the earliest first (PIPELINE_DETECT_MAX_NEW_REPORTS);
   * a run makes passes until none waits, at most maxPasses (default: one pass over every report).
   */
  maxNewReports?: number;
  /** Most passes one run makes (PIPELINE_DETECT_MAX_PASSES; default: until none waits): beyond, reports wait for the next run. */
  maxPasses?: number;
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
    maxPasses: Math.max(1, opts.maxPasses ?? Number.POSITIVE_INFINITY),
    maxMembersRead: opts.maxMembersRead ?? Number.POSITIVE_INFINITY,
    rejoin: { ...DEFAULT_REJOIN_OPTIONS, ...opts.rejoin },
  };
}

/**
 * One detection run at clock `now`: passes of at most maxNewReports new reports each, the earliest
 * first (detect-pass.ts: load, cluster, apply, build, write), until a pass reads fewer than that
 * or maxPasses have run; each pass reads on after the last report the one before read and lets go
 * of what it held before the next (a full garbage collection between passes and between the steps
 * of a pass, collect-garbage.ts).
 * Every pass uses the run's clock `now` (its window, the open trends, velocity): the passes of a
 * backlog see what one run would, and none moves a trend back in time; a full pass leaves the velocity refresh of the trends it does not change to the last.
 * The single-flight lock is checked before each pass writes and between passes; the data
 * generation is bumped after each pass's writes (readers see them at once). At the end a RunDoc
 * records the summed counts and the passes. Replaying it with the same clock, data and pass size
 * writes the same documents (ids derive from content, the passes from the reports' order).
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
    const total: PassCounts = {
      articles_considered: 0,
      articles_assigned: 0,
      trends_created: 0,
      trends_written: 0,
      trends_merged: 0,
      domains_written: 0,
    };
    let start: PassStart | undefined;
    let passes = 0;
    let stopped = false;
    let judgedTo = 0;
    for (;;) {
      if (passes > 0) await deps.assertLockHeld?.();
      passes++;
      const pass = await runPass(deps, settings, { classifier, ratings }, start, passes >= settings.maxPasses);
      for (const k of Object.keys(total) as (keyof PassCounts)[]) total[k] += pass.counts[k];
      judgedTo = pass.mergeJudgedTo;
      await bumpGeneration(deps.redis, deps.keyPrefix);
      if (!pass.full) break;
      if (passes >= settings.maxPasses) {
        stopped = true;
        logger.warn(
          { passes, max_new_reports: settings.maxNewReports },
          'detection made its most passes: the reports still waiting are the next run’s',
        );
        break;
      }
      logger.info({ run_id: runId, pass: passes, ...pass.counts }, 'detect pass finished: more reports wait');
      start = { after: pass.last, mergeJudgedUntil: pass.mergeJudgedTo };
      // What the pass let go is collected before the next one grows the heap on top of it.
      (deps.collectGarbage ?? collectGarbage)();
    }
    const summary: DetectSummary = {
      run_id: runId,
      ...total,
      passes,
      stopped_at_max_passes: stopped ? 1 : 0,
      ...((settings.cluster.mergeSettleMinutes ?? 0) > 0 ? { merges_judged_until: judgedTo } : {}),
    };
    await writeRun(client, names, runDoc(runId, opts.now, performance.now() - startedMs, 'succeeded', summary));
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
