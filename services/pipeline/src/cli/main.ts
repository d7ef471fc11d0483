import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { ConfigError, SERVICE_VERSION } from '@trendscope/core';
import { cliContext, CliError } from './cli-context';
// The stage code (queues, fetcher, extraction, detection) loads only when a command runs it
// (dynamic imports in the actions), so `--help` and a command whose services are down answer at once.
import { addKeysCommand } from './commands/keys.command';
import { runListSnapshotsCommand, runRestoreCommand, runSnapshotCommand } from './commands/snapshot.command';
import { requireServices, type ServiceNeeds } from './require-services';

const program = new Command();
program
  .name('trendscope')
  .description('Trendscope pipeline: ingest feeds, replay corpora, detect trends, inspect queues.')
  .version(SERVICE_VERSION);

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];
const positiveInt = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a positive integer');
  return n;
};
const isoTime = (value: string): Date => {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw new InvalidArgumentError('must be an ISO 8601 time');
  return d;
};

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
  .action(async (opts: { now?: Date }) => {
    const { runDetectCommand } = await import('./commands/detect.command');
    const { config, logger } = cliContext();
    const result = await runDetectCommand(config, logger, opts);
    process.stdout.write(`detect: ${JSON.stringify(result ?? {})}\n`);
  });

program
  .command('status')
  .description('Queues, indexed articles, last runs and dead letters.')
  .action(async () => {
    const { runStatusCommand } = await import('./commands/status.command');
    await runStatusCommand(cliContext().config);
  });

program
  .command('snapshot')
  .description('Snapshot the account data and the content indices as two snapshots; prints the content one last.')
  .action(async () => {
    await runSnapshotCommand(cliContext().config, process.stdout);
  });

program
  .command('restore')
  .description(
    'Restore a snapshot into the running cluster, replacing the current indices: content (articles, trends, ' +
      'domains, runs) by default; account data (accounts, API keys) only with --accounts, keeping every ' +
      'revocation, rotation and account deletion made since.',
  )
  .argument('<snapshot>', 'a name printed by `snapshot` or listed by `snapshots`')
  .option('--accounts', 'also restore accounts and API keys (undoes keys and accounts created since the snapshot)')
  .option('--drop-concrete', 'delete a concrete index found under an alias name (written while its index was gone)')
  .action(async (snapshot: string, flags: { accounts?: boolean; dropConcrete?: boolean }) => {
    await runRestoreCommand(cliContext().config, snapshot, process.stdout, flags);
  });

program
  .command('snapshots')
  .description('List the snapshots in the repository, oldest first.')
  .action(async () => {
    await runListSnapshotsCommand(cliContext().config, process.stdout);
  });

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
  .action(async (folder: string, opts: { port?: number; shiftToNow?: boolean; limit?: number }) => {
    const { startFeedServer } = await import('../feed-server/feed-server');
    const server = await startFeedServer({ corpusDir: folder, ...opts });
    process.stdout.write(`${server.format}: ${server.itemCount} items, ${server.pageCount} pages\n`);
    process.stdout.write(`feeds: ${server.baseUrl}/feeds/index.json (allow-list ${server.hostPort})\n`);
    await new Promise<void>((resolve) => process.once('SIGINT', resolve));
    await server.close();
  });

addKeysCommand(program);

const BOTH: ServiceNeeds = { opensearch: true, redis: true };
/**
 * What each command talks to (by its path, e.g. `keys create`), checked before it starts; a
 * command not listed (classify, extract, serve-corpus, help) needs neither.
 */
const COMMAND_NEEDS: Readonly<Record<string, ServiceNeeds>> = {
  ingest: BOTH,
  replay: BOTH,
  detect: BOTH,
  status: BOTH,
  snapshot: { opensearch: true, redis: false },
  snapshots: { opensearch: true, redis: false },
  restore: BOTH,
  'keys create': BOTH,
  'keys list': BOTH,
  'keys rotate': BOTH,
  'keys revoke': BOTH,
};

program.hook('preAction', async (_root, command) => {
  const path: string[] = [];
  for (let c: Command | null = command; c !== null && c !== program; c = c.parent) path.unshift(c.name());
  const needs = COMMAND_NEEDS[path.join(' ')];
  if (needs) await requireServices(cliContext().config, needs);
});

/** Runs the CLI; errors become one clear line on stderr and a non-zero exit code. */
export async function runCli(argv: string[]): Promise<void> {
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      // Commander printed the message already; help and version are not failures.
      process.exitCode = err.exitCode === 0 ? 0 : 2;
      return;
    }
    if (err instanceof CliError || err instanceof ConfigError) {
      process.stderr.write(`trendscope: ${err.message}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`trendscope: ${(err as Error).message}\n`);
      process.exitCode = 1;
    }
  }
}

await runCli(process.argv);
// Open handles (sockets being torn down) must not keep a finished command alive.
process.exit(process.exitCode ?? 0);
