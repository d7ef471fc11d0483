import {
  clusterArticles,
  type ActiveTrend,
  type ClusterOptions,
  type DetectArticle,
} from '../../../src/detect/cluster';

/**
 * Clustering as scheduled detection runs do it: the articles of each `minutes` in turn, each run
 * given every trend of the runs before (their state as the last run left it). Article -> final trend.
 * With mergeSettleMinutes a last run without reports at `clock` (the one pass's clock) judges the
 * merges the runs left pending (the one pass judges those at its clock, on the same states).
 */
export function clusterInRuns(
  articles: readonly DetectArticle[],
  minutes: number,
  opts: Partial<ClusterOptions> & Pick<ClusterOptions, 'idf'>,
  clock: Date,
): Map<string, string> {
  const sorted = [...articles].sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : 1));
  const trends = new Map<string, ActiveTrend>();
  const assignments = new Map<string, string>();
  const movedTo = new Map<string, string>();
  const step = minutes * 60_000;
  // The clock of the last run that clustered (an interval without reports runs nothing).
  let judgedUntil = Number.NEGATIVE_INFINITY;
  const settling = (opts.mergeSettleMinutes ?? 0) > 0;
  for (let i = 0, end = sorted[0]!.time + step; i < sorted.length || settling; end += step) {
    const run: DetectArticle[] = [];
    while (i < sorted.length && sorted[i]!.time < end) run.push(sorted[i++]!);
    const last = i >= sorted.length && settling && run.length === 0;
    if (run.length === 0 && !last) continue;
    const now = last ? clock : new Date(end);
    const r = clusterArticles(run, [...trends.values()], { ...opts, now, mergeJudgedUntil: judgedUntil });
    judgedUntil = now.getTime();
    for (const [a, t] of r.assignments) assignments.set(a, t);
    for (const t of r.touched) trends.set(t.id, t);
    for (const [from, to] of r.merged) {
      trends.delete(from);
      movedTo.set(from, to);
    }
    if (last) break;
  }
  const final = (id: string): string => (movedTo.has(id) ? final(movedTo.get(id)!) : id);
  return new Map([...assignments].map(([a, t]) => [a, final(t)]));
}
