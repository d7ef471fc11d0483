import type { Command } from 'commander';
import {
  applyRetention,
  bumpGeneration,
  CliError,
  cliContext,
  closeRedis,
  createOpenSearchClient,
  createRedis,
  indexNames,
  retentionPeriod,
  type Config,
} from '@trendscope/core';

/**
 * `trendscope retention`: applies the retention policy now (or at `--now`); prints, per kind, the
 * write index and what went. When whole indices went, the data generation is bumped, so the API's
 * cached answers do not keep serving trends and bodies that are gone.
 */
export async function runRetentionCommand(
  config: Config,
  out: NodeJS.WritableStream,
  opts: { now?: string; dryRun?: boolean } = {},
): Promise<void> {
  const now = opts.now ? new Date(opts.now) : new Date();
  if (Number.isNaN(now.getTime())) throw new CliError(`--now must be an ISO date, got ${opts.now}`);
  const opensearch = createOpenSearchClient({ url: config.opensearch.url, requestTimeoutMs: 120_000, maxRetries: 0 });
  try {
    const days = config.pipeline.retention.days;
    const names = indexNames(config.opensearch.indexPrefix);
    const results = await applyRetention(opensearch, names, days, { now, dryRun: opts.dryRun });
    for (const r of results) {
      const verb = opts.dryRun ? 'would drop' : 'dropped';
      out.write(`${r.kind} (kept ${retentionPeriod(days, r.kind)} days): writes to ${r.writeIndex ?? '(none)'}; `);
      out.write(`${verb} ${r.dropped.length ? r.dropped.join(', ') : 'nothing'}; kept ${r.kept.length} indices\n`);
    }
    if (!opts.dryRun && results.some((r) => r.dropped.length > 0)) {
      const redis = createRedis(config.redis);
      try {
        await bumpGeneration(redis, config.redis.keyPrefix);
      } finally {
        await closeRedis(redis);
      }
    }
  } finally {
    await opensearch.close();
  }
}

/** Adds `retention` (the scheduler's retention job, run by hand) to the CLI. */
export function addRetentionCommand(program: Command): void {
  program
    .command('retention')
    .description(
      'Apply the retention policy: move writes to the current month, delete the monthly article, body and ' +
        'trend indices whose newest document is older than PIPELINE_RETENTION_ARTICLE_DAYS / _BODY_DAYS / _TREND_DAYS.',
    )
    .option('--now <iso>', 'the clock to apply the policy at (default: now)')
    .option('--dry-run', 'print what would be deleted, change nothing')
    .action(async (flags: { now?: string; dryRun?: boolean }) => {
      await runRetentionCommand(cliContext().config, process.stdout, flags);
    });
}
