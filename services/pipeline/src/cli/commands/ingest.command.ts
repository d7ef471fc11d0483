import { createHash } from 'node:crypto';
import { cliContext, CliError } from '@trendscope/core';
import { createProgressReporter } from '../progress-reporter';
import { runPipelineOnce, type RunSummary } from '../run-pipeline-once';

/** `trendscope ingest <feed-url>...`: discover, fetch, extract, sanitise, score and index now. */
export async function runIngestCommand(feedUrls: string[], opts: { allowHost?: string[] }): Promise<RunSummary> {
  for (const u of feedUrls) {
    if (!URL.canParse(u) || !/^https?:$/.test(new URL(u).protocol)) throw new CliError(`not an http(s) URL: ${u}`);
  }
  const base = cliContext();
  const allow = [...base.config.pipeline.allowHosts, ...(opts.allowHost ?? [])];
  const { config, logger } = cliContext({ PIPELINE_ALLOW_HOSTS: allow.join(',') });
  const feeds = feedUrls.map((feed_url) => ({ source_id: sourceIdOf(feed_url), feed_url }));
  const progress = createProgressReporter('ingest');
  try {
    return await runPipelineOnce(config, logger, feeds, (p) => progress.update(p));
  } finally {
    progress.stop();
  }
}

/** A stable source id for an ad-hoc feed: its host plus a short hash of the URL. */
export function sourceIdOf(feedUrl: string): string {
  const host = new URL(feedUrl).hostname
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${host.slice(0, 48)}-${createHash('sha1').update(feedUrl).digest('hex').slice(0, 8)}`;
}

/** Prints a run summary. */
export function printSummary(label: string, s: RunSummary): void {
  process.stdout.write(summaryLine(label, s));
}

/**
 * One line on what a run did. Entries whose jobs already ran within the last day (job ids are
 * derived from the URL, and completed jobs are kept a day) are dropped by the queue and counted
 * as skipped, so a second replay of the same corpus says so instead of "0 indexed".
 */
export function summaryLine(label: string, s: RunSummary): string {
  const already = Math.max(0, s.discovered - s.indexed - s.failed);
  return (
    `${label}: ${s.feeds} feeds (${s.feedsFailed} failed), ${s.discovered} entries, ${s.indexed} indexed, ` +
    (already > 0 ? `${already} skipped (done within the last day, or a URL seen twice), ` : '') +
    `${s.failed} jobs failed, ${s.deadLetters} new dead letters, ${s.seconds.toFixed(1)} s` +
    (s.seconds > 0 && s.indexed > 0 ? ` (${(s.indexed / s.seconds).toFixed(0)} articles/s)\n` : '\n')
  );
}
