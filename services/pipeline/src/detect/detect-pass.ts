import type { DomainRatings } from '../score/domain-ratings';
import type { Classifier } from '../classify/classifier';
import { applyClusters } from './detect-apply';
import { buildRun } from './detect-build';
import { collectGarbage } from './collect-garbage';
import { clusterRun } from './detect-cluster';
import { loadDetectInput, type DetectSettings, type PassStart } from './detect-load';
import type { SortValues } from './detect.repository';
import type { DetectDeps } from './run-detect';
import { writeDetectResult } from './write-detect';

/** The counts of one pass, summed over a run's passes into its summary. */
export interface PassCounts {
  articles_considered: number;
  articles_assigned: number;
  trends_created: number;
  trends_written: number;
  trends_merged: number;
  domains_written: number;
}

/** What one pass did, and where the next one would start. */
export interface PassOutcome {
  counts: PassCounts;
  /** The pass read its most new reports: more may wait after `last`. */
  full: boolean;
  last?: SortValues;
  /** The clock up to which the pass judged merges (mergeSettleMinutes), the next pass's start. */
  mergeJudgedTo: number;
}

/**
 * One pass of a run, top-down: loads up to maxNewReports new reports and the open trends' stored
 * compact state (detect-load.ts, no member article read), clusters the new ones and decides what
 * to read (detect-cluster.ts: the members of the trends it changes; the stored documents of those
 * whose velocity moves with the clock), applies merges, assignments and the story rejoin
 * (detect-apply.ts), builds the documents (detect-build.ts: rebuilt trends from their members,
 * refreshed ones from their stored documents, the domains' quality) and writes them in the
 * crash-safe order of a merge (write-detect.ts). What it held is let go when it returns.
 */
export async function runPass(
  deps: DetectDeps,
  settings: DetectSettings,
  model: { classifier: Classifier; ratings: DomainRatings },
  start: PassStart | undefined,
  finalPass: boolean,
): Promise<PassOutcome> {
  // A full collection after each step: what the step let go (parsed answers, the states the build
  // releases) is freed before the next step allocates, so V8 does not size the heap on it. The
  // heap then follows what a step holds (the pass), not what the steps before let go, which grows
  // with the open trends read (UCI month, day 37, one pass of 1,663 reports: peak RSS 627-680 MB
  // without, 579-592 with; day 1's 1,109 reports 465-471 without, 462-480 with).
  const collect = deps.collectGarbage ?? collectGarbage;
  const input = await loadDetectInput(deps, settings, start, finalPass);
  deps.onPhase?.('load');
  collect();
  const clustered = await clusterRun(deps, input, settings);
  deps.onPhase?.('cluster');
  collect();
  const applied = await applyClusters(deps, input, clustered, settings);
  deps.onPhase?.('apply');
  collect();
  // The build lets go of the input's states and reads (releaseClustering, releaseReads): counted first.
  const considered = input.unassigned.length;
  const { full, last, mergeJudgedTo } = input;
  // Editions found in this pass are marked, so later runs leave them out from the start (knownColumns).
  const columnMarks = input.unassigned.filter((a) => clustered.columns.has(a.id) && !a.detect_column).map((a) => a.id);
  const { trends, refreshed, domains, embeddings } = await buildRun(deps, input, clustered, applied, {
    ...settings,
    ...model,
  });
  deps.onPhase?.('build');
  collect();
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
  const counts: PassCounts = {
    articles_considered: considered,
    articles_assigned: result.assignments.size,
    // A trend founded in this pass and rejoined into an older one in the same pass was not created.
    trends_created: result.created.filter((id) => !applied.rejoined.has(id)).length,
    trends_written: trends.length + refreshed.length,
    trends_merged: result.merged.size + input.unfinished.size,
    domains_written: domains.length,
  };
  return { counts, full, last, mergeJudgedTo };
}
