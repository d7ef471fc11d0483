import {
  bumpGeneration,
  createOpenSearchClient,
  createRedis,
  indexNames,
  listSnapshots,
  restoreSnapshot,
  takeSnapshot,
  type Config,
} from '@trendscope/core';
import { CliError } from '../cli-context';

/** Snapshots run as long as they need: the client's time-out must not cut a large one short. */
const SNAPSHOT_TIMEOUT_MS = 30 * 60_000;

function openSearchFor(config: Config) {
  return createOpenSearchClient({ url: config.opensearch.url, requestTimeoutMs: SNAPSHOT_TIMEOUT_MS, maxRetries: 0 });
}

/** `trendscope snapshot`: a snapshot of every index; prints its name on the last line. */
export async function runSnapshotCommand(config: Config, out: NodeJS.WritableStream): Promise<string> {
  const opensearch = openSearchFor(config);
  try {
    const names = indexNames(config.opensearch.indexPrefix);
    const repo = config.opensearch.snapshotRepository;
    const info = await takeSnapshot(opensearch, names, repo, {
      prefix: config.opensearch.indexPrefix,
      now: new Date(),
    });
    out.write(`snapshot of ${info.indices.join(', ')} in repository ${repo.name} (${repo.location})\n`);
    out.write(`${info.snapshot}\n`);
    return info.snapshot;
  } finally {
    await opensearch.close();
  }
}

/**
 * `trendscope restore <name>`: puts the snapshot's indices and aliases back (replacing the current
 * ones), then bumps the data generation so API caches and ETags drop what they held.
 */
export async function runRestoreCommand(config: Config, snapshot: string, out: NodeJS.WritableStream): Promise<void> {
  const opensearch = openSearchFor(config);
  const redis = createRedis(config.redis, { forQueues: true });
  try {
    const names = indexNames(config.opensearch.indexPrefix);
    const repo = config.opensearch.snapshotRepository;
    const known = await listSnapshots(opensearch, repo, config.opensearch.indexPrefix);
    if (!known.some((s) => s.snapshot === snapshot)) {
      const latest = known.at(-1)?.snapshot;
      throw new CliError(`no snapshot ${snapshot} in ${repo.name}${latest ? ` (latest: ${latest})` : ''}`);
    }
    const indices = await restoreSnapshot(opensearch, names, repo, snapshot);
    await bumpGeneration(redis, config.redis.keyPrefix);
    out.write(`restored ${indices.join(', ')} from ${snapshot}\n`);
  } finally {
    await opensearch.close();
    await redis.quit().catch(() => redis.disconnect());
  }
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
