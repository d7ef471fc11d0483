import { Command, CommanderError } from 'commander';
import {
  cliContext,
  CliError,
  ConfigError,
  requireServices,
  SERVICE_VERSION,
  type ServiceNeeds,
} from '@trendscope/core';
import {
  addPipelineRunCommands,
  addPipelineToolCommands,
  PIPELINE_COMMAND_NEEDS,
} from '@trendscope/pipeline/cli/pipeline-commands';
import { addKeysCommand } from './commands/keys.command';
import { addRetentionCommand } from './commands/retention.command';
import { addSnapshotCommands } from './commands/snapshot.command';

// The `trendscope` operator command: a composition root that puts the pipeline's commands, the
// backups (snapshot, restore), the retention policy and API-key administration (keys) under one program.
const program = new Command();
program
  .name('trendscope')
  .description('Trendscope pipeline: ingest feeds, replay corpora, detect trends, inspect queues.')
  .version(SERVICE_VERSION)
  // Commander's errors (an unknown option or command, a missing or bad argument) and --help reach
  // runCli instead of exiting 1 on their own; the commands added below inherit this.
  .exitOverride();

addPipelineRunCommands(program);
addSnapshotCommands(program);
addRetentionCommand(program);
addPipelineToolCommands(program);
addKeysCommand(program);

const BOTH: ServiceNeeds = { opensearch: true, redis: true };
/**
 * What each command talks to (by its path, e.g. `keys create`), checked before it starts; a
 * command not listed (classify, extract, serve-corpus, help) needs neither.
 */
const COMMAND_NEEDS: Readonly<Record<string, ServiceNeeds>> = {
  ...PIPELINE_COMMAND_NEEDS,
  snapshot: { opensearch: true, redis: false },
  snapshots: { opensearch: true, redis: false },
  retention: { opensearch: true, redis: false },
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
