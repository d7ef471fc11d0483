import type { Command } from 'commander';
import {
  CliError,
  cliContext,
  closeRedis,
  announceApiKeyChange,
  bumpGeneration,
  concreteIndicesAtAliases,
  createOpenSearchClient,
  createRedis,
  indexNames,
  listSnapshots,
  liveKeyDecisions,
  readSecurityEvents,
  replaySecurityEvents,
  restoreAside,
  restoreSnapshot,
  snapshotIndices,
  snapshotPrefix,
  snapshotSets,
  SNAPSHOT_SETS,
  swapAlias,
  type Config,
  type OpenSearchClient,
  type Redis,
  type SnapshotRepository,
} from '@trendscope/core';

/** Snapshots run as long as they need: the client's time-out must not cut a large one short. */
const SNAPSHOT_TIMEOUT_MS = 30 * 60_000;

function openSearchFor(config: Config) {
  return createOpenSearchClient({ url: config.opensearch.url, requestTimeoutMs: SNAPSHOT_TIMEOUT_MS, maxRetries: 0 });
}

/** `trendscope snapshot`: one snapshot per set (account data, then content); prints the content one last. */
export async function runSnapshotCommand(config: Config, out: NodeJS.WritableStream): Promise<string> {
  const opensearch = openSearchFor(config);
  try {
    const names = indexNames(config.opensearch.indexPrefix);
    const repo = config.opensearch.snapshotRepository;
    const taken = await snapshotSets(opensearch, names, repo, {
      prefix: config.opensearch.indexPrefix,
      now: new Date(),
    });
    out.write(`account data (${taken.accounts.indices.join(', ')}): ${taken.accounts.snapshot}\n`);
    out.write(`content (${taken.content.indices.join(', ')}) in repository ${repo.name} (${repo.location}):\n`);
    out.write(`${taken.content.snapshot}\n`);
    return taken.content.snapshot;
  } finally {
    await opensearch.close();
  }
}

/** How `trendscope restore` runs. */
export interface RestoreOptions {
  /** Also restore account data (accounts, API keys), replaying the security log over it. */
  accounts?: boolean;
  /** Delete a concrete index found under an alias name (a write made while its index was gone). */
  dropConcrete?: boolean;
}

/**
 * `trendscope restore <name>`: puts the snapshot's content indices and aliases back (replacing the
 * current ones), and with `accounts` its account data too, with every revocation, rotation and
 * account deletion made since replayed before the restored keys are served. Then bumps the data and
 * key generations so API caches drop what they held.
 */
export async function runRestoreCommand(
  config: Config,
  snapshot: string,
  out: NodeJS.WritableStream,
  opts: RestoreOptions = {},
): Promise<void> {
  const opensearch = openSearchFor(config);
  const redis = createRedis(config.redis, { forQueues: true });
  try {
    const prefix = config.opensearch.indexPrefix;
    const names = indexNames(prefix);
    const repo = config.opensearch.snapshotRepository;
    const time = snapshotTime(snapshot, prefix);
    const content = `${prefix}-${time}`;
    const known = await listSnapshots(opensearch, repo, prefix);
    if (!known.some((s) => s.snapshot === content)) {
      const latest = known.at(-1)?.snapshot;
      throw new CliError(`no snapshot ${snapshot} in ${repo.name}${latest ? ` (latest: ${latest})` : ''}`);
    }
    const kinds = [...SNAPSHOT_SETS.content, ...(opts.accounts ? SNAPSHOT_SETS.accounts : [])];
    await clearConcreteIndices(
      opensearch,
      kinds.map((k) => names[k]),
      snapshot,
      opts,
      out,
    );
    let accountsFrom: string | null = null;
    if (opts.accounts) {
      accountsFrom = (await accountsSnapshotOf(opensearch, repo, prefix, content)) ?? null;
      if (!accountsFrom) throw new CliError(`no account data snapshot for ${content} in ${repo.name}`);
    }
    const indices = await restoreSnapshot(opensearch, names, repo, content);
    await bumpGeneration(redis, config.redis.keyPrefix);
    out.write(`restored ${indices.join(', ')} from ${content}\n`);
    if (accountsFrom) await restoreAccounts(opensearch, redis, config, accountsFrom, out);
  } finally {
    await opensearch.close();
    await closeRedis(redis);
  }
}

/** The time part of a snapshot name of either set (`<prefix>-<time>`, `<prefix>-accounts-<time>`). */
function snapshotTime(snapshot: string, prefix: string): string {
  const accounts = `${snapshotPrefix(prefix, 'accounts')}-`;
  return snapshot.startsWith(accounts) ? snapshot.slice(accounts.length) : snapshot.slice(prefix.length + 1);
}

/** The account data snapshot taken with `content`, or `content` itself when it holds account data (older snapshots held every index). */
async function accountsSnapshotOf(
  opensearch: OpenSearchClient,
  repo: SnapshotRepository,
  prefix: string,
  content: string,
): Promise<string | undefined> {
  const paired = `${snapshotPrefix(prefix, 'accounts')}-${content.slice(prefix.length + 1)}`;
  if (await snapshotIndices(opensearch, repo, paired)) return paired;
  const names = indexNames(prefix);
  const all = (await snapshotIndices(opensearch, repo, content)) ?? [];
  return all.some((i) => i.startsWith(`${names.api_keys}-v`)) ? content : undefined;
}

/**
 * A concrete index under an alias name (written while its index was gone, by a writer without
 * require_alias) blocks a restore: it is named, with the fix, unless `dropConcrete` says to delete it.
 */
async function clearConcreteIndices(
  opensearch: OpenSearchClient,
  aliases: string[],
  snapshot: string,
  opts: RestoreOptions,
  out: NodeJS.WritableStream,
): Promise<void> {
  const concrete = await concreteIndicesAtAliases(opensearch, aliases);
  if (concrete.length === 0) return;
  if (!opts.dropConcrete) {
    throw new CliError(
      `${concrete.join(', ')} ${concrete.length === 1 ? 'is a concrete index' : 'are concrete indices'}, not an alias: ` +
        'something wrote there while the index was missing, and a restore cannot put the alias back over it. ' +
        `To delete ${concrete.length === 1 ? 'it' : 'them'} (and the documents written then) and restore: ` +
        `make restore SNAPSHOT=${snapshot} DROP_CONCRETE=1 (trendscope restore ${snapshot} --drop-concrete)`,
    );
  }
  for (const index of concrete) {
    const count = (await opensearch.count({ index })).body as { count: number };
    await opensearch.indices.delete({ index });
    out.write(`deleted the concrete index ${index} (${count.count} documents written while its index was missing)\n`);
  }
}

/**
 * Restores the account data set beside the live one, says what the restore undoes (keys and
 * accounts made since the snapshot), replays the security log and the live index's decisions over
 * it, and only then points the aliases at it: a revoked key is never served, not even for a moment.
 */
async function restoreAccounts(
  opensearch: OpenSearchClient,
  redis: Redis,
  config: Config,
  snapshot: string,
  out: NodeJS.WritableStream,
): Promise<void> {
  const names = indexNames(config.opensearch.indexPrefix);
  const repo = config.opensearch.snapshotRepository;
  // Read first: without the log (Redis down) the restore would bring back revoked keys, so it stops.
  const logged = await readSecurityEvents(redis, config.redis.keyPrefix);
  const live = await liveKeyDecisions(opensearch, names.api_keys);
  const apiKeys = await restoreAside(opensearch, names.api_keys, repo, snapshot);
  const accounts = await restoreAside(opensearch, names.accounts, repo, snapshot);
  if (!apiKeys || !accounts) throw new CliError(`${snapshot} holds no account data`);
  const lost = {
    keys: await idsOnlyIn(opensearch, names.api_keys, apiKeys.index),
    accounts: await idsOnlyIn(opensearch, names.accounts, accounts.index),
  };
  out.write(
    `account data from ${snapshot} undoes what was made since: ${lost.keys.length} API key(s) created since ` +
      `will no longer exist${lost.keys.length ? ` (${lost.keys.slice(0, 20).join(', ')})` : ''}, ` +
      `${lost.accounts.length} account(s) created since will be gone, and key names, ceilings and last use go back.\n`,
  );
  const counts = await replaySecurityEvents(opensearch, { apiKeys: apiKeys.index, accounts: accounts.index }, [
    ...live,
    ...logged,
  ]);
  await swapAlias(opensearch, names.api_keys, apiKeys.index);
  await swapAlias(opensearch, names.accounts, accounts.index);
  await announceApiKeyChange(redis, config.redis.keyPrefix);
  out.write(
    `restored ${apiKeys.from} as ${apiKeys.index} and ${accounts.from} as ${accounts.index}; kept every decision ` +
      `made since: ${counts.revoked} revocation(s), ${counts.rotated} rotation(s), ${counts.accountsDeleted} ` +
      `account deletion(s) re-applied (${logged.length} logged, ${live.length} from the live index)\n`,
  );
}

/** The document ids of `live` (an alias, possibly missing) that `restored` does not hold. */
async function idsOnlyIn(opensearch: OpenSearchClient, live: string, restored: string): Promise<string[]> {
  const ids = async (index: string) => {
    const res = await opensearch.search({ index, body: { size: 10_000, _source: false } }, { ignore: [404] });
    return ((res.body as { hits?: { hits: { _id: string }[] } }).hits?.hits ?? []).map((h) => h._id);
  };
  const kept = new Set(await ids(restored));
  return (await ids(live)).filter((id) => !kept.has(id));
}

/** `trendscope snapshots`: the snapshots of this prefix, oldest first. */
export async function runListSnapshotsCommand(config: Config, out: NodeJS.WritableStream): Promise<void> {
  const opensearch = openSearchFor(config);
  try {
    const repo = config.opensearch.snapshotRepository;
    for (const s of await listSnapshots(opensearch, repo, config.opensearch.indexPrefix)) {
      out.write(`${s.snapshot}\t${s.state}\t${s.startedAt ?? ''}\t${s.indices.length} indices\n`);
    }
  } finally {
    await opensearch.close();
  }
}

/** Adds `snapshot`, `restore` and `snapshots` (backups of account data and content) to the CLI. */
export function addSnapshotCommands(program: Command): void {
  program
    .command('snapshot')
    .description('Snapshot the account data and the content indices as two snapshots; prints the content one last.')
    .action(async () => {
      await runSnapshotCommand(cliContext().config, process.stdout);
    });

  program
    .command('restore')
    .description(
      'Restore a snapshot into the running cluster, replacing the current indices: content (articles, bodies, ' +
        'trends, domains, runs) by default; account data (accounts, API keys) only with --accounts, keeping every ' +
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
}
