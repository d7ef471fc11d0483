import { existsSync } from 'node:fs';
import { cliContext, CliError } from '@trendscope/core';
import { resolve } from 'node:path';
import { startFeedServer } from '../../feed-server/feed-server';
import { createProgressReporter } from '../progress-reporter';
import { runPipelineOnce, type RunSummary } from '../run-pipeline-once';

/**
 * `trendscope replay <corpus-folder>`: serves the folder with the local feed server (in-process,
 * free port), puts that server on the allow-list, and runs the pipeline over its feeds. Politeness
 * delays are for other people's servers; against our own replay server they are switched off.
 */
export async function runReplayCommand(
  folder: string,
  opts: { shiftToNow?: boolean; limit?: number },
): Promise<RunSummary & { format: string; items: number; pages: number }> {
  const dir = resolve(folder);
  if (!existsSync(dir)) throw new CliError(`no such folder: ${dir}`);
  const server = await startFeedServer({ corpusDir: dir, shiftToNow: opts.shiftToNow, limit: opts.limit }).catch(
    (err: Error) => {
      throw new CliError(err.message);
    },
  );
  try {
    const base = cliContext();
    const { config, logger } = cliContext({
      PIPELINE_ALLOW_HOSTS: [...base.config.pipeline.allowHosts, server.hostPort].join(','),
      PIPELINE_DOMAIN_DELAY_MS: '0',
      PIPELINE_DOMAIN_CONCURRENCY: String(Math.max(base.config.pipeline.concurrency.fetch, 1)),
    });
    process.stderr.write(
      `replay: serving ${server.itemCount} items (${server.pageCount} pages, ${server.feedUrls.length} feeds, ` +
        `format ${server.format}) at ${server.baseUrl}\n`,
    );
    const feeds = server.feedUrls.map((feed_url) => ({
      source_id: `replay-${new URL(feed_url).pathname
        .replace(/^\/feeds\//, '')
        .replace(/[^a-zA-Z0-9]+/g, '-')
        .toLowerCase()}`.slice(0, 200),
      feed_url,
    }));
    const progress = createProgressReporter('replay');
    try {
      const summary = await runPipelineOnce(config, logger, feeds, (p) => progress.update(p));
      return { ...summary, format: server.format, items: server.itemCount, pages: server.pageCount };
    } finally {
      progress.stop();
    }
  } finally {
    await server.close();
  }
}
