/**
 * The soak's clustering quality: B-cubed precision, recall and F1 of the soak's stored trends
 * beside one detection run over the same rows at the soak's last clock (the same code path, story
 * rejoin included, into indices of its own, with the configured settings: passes of
 * PIPELINE_DETECT_MAX_NEW_REPORTS reports), beside the same run forced to one pass over every row
 * (as the batch side was before passes; SOAK_ONE_PASS=off leaves it out) and beside the clustering alone
 * (clusterArticles, recurring columns left out as runDetect does), each against UCI's raw labels
 * against the labels corrected by reading (lab/metrics/corrected-gold.ts: only story pairs
 * read by hand are merged, so the correction covers the rows those pairs' stories hold), and against
 * those corrected further by every join of one detection run over the whole month read by hand
 * (MONTH_READING_FILE: UCI files a story's later days as new stories, so its labels count those
 * joins as errors; at other clocks the month reading covers only part of the joins).
 */
import { indexNames, migrateIndices, type OpenSearchClient } from '@trendscope/core';
import { clusterArticles } from '@trendscope/pipeline/detect/cluster';
import { backgroundIdf } from '@trendscope/pipeline/detect/idf';
import { recurringColumnIds } from '@trendscope/pipeline/detect/recurring-column';
import { bcubed, type BCubed } from '@trendscope/pipeline/lab/metrics/bcubed';
import {
  correctedGold,
  loadReadings,
  MONTH_READING_FILE,
  READING_FILES,
} from '@trendscope/pipeline/lab/metrics/corrected-gold';
import { ingest, soakClusterOptions, spawnRun, storedAssignments, type Report } from './soak-reports';

/** A soak to score: its name in the output and its articles alias. */
export interface ScoredSoak {
  name: string;
  articles: string;
}

/** A batch run forced to one pass over every report (the bound at its largest). */
export const ONE_PASS = { PIPELINE_DETECT_MAX_NEW_REPORTS: '1000000' };

/** Whether the quality lines include the batch run forced to one pass (SOAK_ONE_PASS=off: not). */
export function scoresOnePass(): boolean {
  return process.env.SOAK_ONE_PASS !== 'off';
}

/**
 * Passes enough for one run to work off every report (PIPELINE_DETECT_MAX_PASSES' default, 100,
 * stops at 200,000: at 30x the batch side would leave reports unassigned and score them apart).
 */
const EVERY_PASS = { PIPELINE_DETECT_MAX_PASSES: '10000' };

/** One detection run over `seen` at `now` into the indices of `prefix`, with the configured settings over `env`. */
export async function batchRun(
  client: OpenSearchClient,
  prefix: string,
  seen: readonly Report[],
  now: Date,
  env: Record<string, string> = {},
): Promise<void> {
  const names = indexNames(prefix);
  await migrateIndices(client, names);
  await ingest(client, names.articles, seen);
  const run = spawnRun(prefix, now, { ...EVERY_PASS, ...env });
  process.stdout.write(
    `  batch detection run${env === ONE_PASS ? ', one pass,' : ''} at ${now.toISOString().slice(0, 16)}: ` +
      `${run.articles_considered} new in ${run.passes ?? 1} passes, ` +
      `${run.articles_assigned} assigned, ${run.trends_written} trends, CPU ${run.cpu_ms.toFixed(0)} ms, ` +
      `peak RSS ${run.peak_rss_mb.toFixed(0)} MB\n`,
  );
}

/**
 * Prints the quality lines for `soaks` over `seen` (the reports up to the last run, at `lastRun`);
 * the batch side's indices are `batchPrefix`'s, written first unless `runBatch` is false.
 */
export async function printSoakQuality(
  client: OpenSearchClient,
  soaks: readonly ScoredSoak[],
  seen: readonly Report[],
  lastRun: Date,
  batchPrefix: string,
  runBatch = true,
): Promise<void> {
  const gold = new Map(seen.map((r) => [r.id, r.story]));
  const batchNames = indexNames(batchPrefix);
  const onePassPrefix = `${batchPrefix}-one`;
  if (runBatch) await batchRun(client, batchPrefix, seen, lastRun);
  if (runBatch && scoresOnePass()) await batchRun(client, onePassPrefix, seen, lastRun, ONE_PASS);
  const batch = await storedAssignments(client, batchNames.articles);
  // A batch run made before (runBatch false) is scored one pass too when its one-pass indices were kept.
  const onePassArticles = indexNames(onePassPrefix).articles;
  const hasOnePass = scoresOnePass() && (runBatch || (await client.indices.exists({ index: onePassArticles })).body);
  const onePass = hasOnePass ? await storedAssignments(client, onePassArticles) : undefined;
  const soakAssignments = await Promise.all(soaks.map((s) => storedAssignments(client, s.articles)));
  const columns = recurringColumnIds(
    seen.map((r) => ({ id: r.id, title: r.doc.title, time: r.time, domain: r.doc.domain })),
  );
  const alone = clusterArticles(
    seen
      .filter((r) => !columns.has(r.id))
      .map((r) => ({ id: r.id, title: r.doc.title, text: '', time: r.time, entities: r.doc.entities ?? [] })),
    [],
    { ...soakClusterOptions(), now: lastRun, idf: backgroundIdf() },
  ).assignments;
  const readings = READING_FILES.flatMap(loadReadings);
  const stories = new Set(gold.values());
  const within = readings.filter((r) => stories.has(r.a) && stories.has(r.b));
  const correct = correctedGold(readings);
  const corrected = new Map([...gold].map(([id, g]) => [id, correct(g)]));
  const correctMonth = correctedGold([...readings, ...loadReadings(MONTH_READING_FILE)]);
  const monthRead = new Map([...gold].map(([id, g]) => [id, correctMonth(g)]));
  const merged = [...gold].filter(([, g]) => correct(g) !== g || within.some((r) => r.oneStory && r.a === g));
  process.stdout.write(
    `  corrected labels: ${within.length} of ${readings.length} read pairs have both stories among these rows ` +
      `(${within.filter((r) => r.oneStory).length} one story); ${stories.size} UCI stories become ` +
      `${new Set(corrected.values()).size}; ${merged.length} of ${gold.size} reports in a story a reading merged\n`,
  );
  const fmt = (b: BCubed): string => `P ${b.precision.toFixed(3)} R ${b.recall.toFixed(3)} F1 ${b.f1.toFixed(4)}`;
  const score = (a: ReadonlyMap<string, string>): [BCubed, BCubed, BCubed] => [
    bcubed(a, gold),
    bcubed(a, corrected),
    bcubed(a, monthRead),
  ];
  const [batchRaw, batchCorrected, batchMonth] = score(batch);
  const [aloneRaw, aloneCorrected, aloneMonth] = score(alone);
  const line = (name: string, [raw, cor, month]: [BCubed, BCubed, BCubed]): string =>
    `    ${name.padEnd(24)} ${fmt(raw)} | ${fmt(cor)} | ${fmt(month)}\n`;
  process.stdout.write(
    `  B-cubed over ${gold.size} reports (raw UCI labels | corrected by reading | and by the month's joins read):\n` +
      soaks.map((s, k) => line(s.name, score(soakAssignments[k]!))).join('') +
      line('batch detection run', [batchRaw, batchCorrected, batchMonth]) +
      (onePass ? line('batch run, one pass', score(onePass)) : '') +
      line('batch clustering alone', [aloneRaw, aloneCorrected, aloneMonth]) +
      soaks
        .map((s, k) => {
          const [raw, cor, month] = score(soakAssignments[k]!);
          return (
            `    ${s.name} - batch run: F1 ${(raw.f1 - batchRaw.f1).toFixed(4)} raw, ${(cor.f1 - batchCorrected.f1).toFixed(4)} corrected, ` +
            `${(month.f1 - batchMonth.f1).toFixed(4)} month read (target within 0.005)\n`
          );
        })
        .join('') +
      `    batch run - clustering alone: F1 ${(batchRaw.f1 - aloneRaw.f1).toFixed(4)} raw, ` +
      `${(batchCorrected.f1 - aloneCorrected.f1).toFixed(4)} corrected, ${(batchMonth.f1 - aloneMonth.f1).toFixed(4)} month read\n`,
  );
}
