import { InvalidArgumentError, type Command } from 'commander';
import { cliContext, type ServiceNeeds } from '@trendscope/core';
// The stage code (queues, fetcher, extraction, detection) loads only when a command runs it
// (dynamic imports in the actions), so `--help` and a command whose services are down answer at once.

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];
const positiveInt = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a positive integer');
  return n;
};
const positiveNumber = (value: string): number => {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('must be a number above 0');
  return n;
};
const isoTime = (value: string): Date => {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw new InvalidArgumentError('must be an ISO 8601 time');
  return d;
};

/** Adds the commands that run the pipeline (`ingest`, `replay`, `detect`, `status`) to the `trendscope` CLI. */
export function addPipelineRunCommands(program: Command): void {
  program
    .command('ingest')
    .description('Discover, fetch, extract, sanitise, score and index these feeds now; returns when done.')
    .argument('<feed-url...>', 'RSS / Atom / JSON Feed / sitemap URLs')
    .option('--allow-host <host[:port]>', 'also allow this (private or loopback) host; repeatable', collect)
    .action(async (urls: string[], opts: { allowHost?: string[] }) => {
      const { printSummary, runIngestCommand } = await import('./commands/ingest.command');
      const summary = await runIngestCommand(urls, opts);
      printSummary('ingest', summary);
      if (summary.feedsFailed === summary.feeds) process.exitCode = 1;
    });

  program
    .command('replay')
    .description('Serve a corpus folder with the local feed server and run the pipeline over it.')
    .argument('<corpus-folder>', 'e.g. ../shared/corpus/giveme5w1h-news-cluster')
    .option('--shift-to-now', 'shift dates so that the newest article is now')
    .option('--limit <n>', 'at most this many articles', positiveInt)
    .action(async (folder: string, opts: { shiftToNow?: boolean; limit?: number }) => {
      const { printSummary } = await import('./commands/ingest.command');
      const { runReplayCommand } = await import('./commands/replay.command');
      const summary = await runReplayCommand(folder, opts);
      printSummary(`replay (${summary.format}, ${summary.items} items, ${summary.pages} pages)`, summary);
    });

  program
    .command('detect')
    .description('Run trend detection now.')
    .option('--now <iso-time>', 'the clock for this run (default: now)', isoTime)
    .option('--wait', 'if a run is in progress, wait for it to end (up to an hour) and run after it')
    .action(async (opts: { now?: Date; wait?: boolean }) => {
      const { runDetectCommand } = await import('./commands/detect.command');
      const { config, logger } = cliContext();
      const wait = opts.wait ? { pollMs: 2000, maxMs: 3_600_000 } : undefined;
      const result = await runDetectCommand(config, logger, { now: opts.now, wait });
      process.stdout.write(`detect: ${JSON.stringify(result ?? {})}\n`);
    });

  program
    .command('status')
    .description('Queues, indexed articles, last runs and dead letters.')
    .action(async () => {
      const { runStatusCommand } = await import('./commands/status.command');
      await runStatusCommand(cliContext().config);
    });
}

/** Adds the offline tools (`classify`, `extract`, `serve-corpus`: no services needed) to the `trendscope` CLI. */
export function addPipelineToolCommands(program: Command): void {
  program
    .command('classify')
    .description('Classify JSON lines from stdin ({"text": ...}) into the category taxonomy.')
    .action(async () => {
      const { runClassifyCommand } = await import('./commands/classify.command');
      process.exitCode = await runClassifyCommand(process.stdin, process.stdout);
    });

  program
    .command('extract')
    .description('Extract and sanitise article HTML files; one JSON line per file.')
    .argument('<html-file...>')
    .action(async (files: string[]) => {
      const { runExtractCommand } = await import('./commands/extract.command');
      process.exitCode = await runExtractCommand(files, process.stdout);
    });

  program
    .command('serve-corpus')
    .description('Run the local feed server over a corpus folder until interrupted.')
    .argument('<corpus-folder>')
    .option('--port <port>', 'port (default: a free one)', positiveInt)
    .option('--shift-to-now', 'shift dates so that the newest article is now')
    .option('--limit <n>', 'at most this many articles', positiveInt)
    .option(
      '--rate <n>',
      'a live stream: n articles appear a second, dated when they appear, in /feeds/live.rss',
      positiveNumber,
    )
    .action(async (folder: string, opts: { port?: number; shiftToNow?: boolean; limit?: number; rate?: number }) => {
      const { startFeedServer } = await import('../feed-server/feed-server');
      const { rate, ...rest } = opts;
      const server = await startFeedServer({ corpusDir: folder, ...rest, livePerSecond: rate });
      process.stdout.write(`${server.format}: ${server.itemCount} items, ${server.pageCount} pages\n`);
      process.stdout.write(`feeds: ${server.baseUrl}/feeds/index.json (allow-list ${server.hostPort})\n`);
      await new Promise<void>((resolve) => process.once('SIGINT', resolve));
      await server.close();
    });
}

const BOTH: ServiceNeeds = { opensearch: true, redis: true };
/** What each pipeline command talks to, checked before it starts (the tools need neither). */
export const PIPELINE_COMMAND_NEEDS: Readonly<Record<string, ServiceNeeds>> = {
  ingest: BOTH,
  replay: BOTH,
  detect: BOTH,
  status: BOTH,
};
