import type { Client } from '@opensearch-project/opensearch';
import { INDEX_KINDS, type IndexKind, type IndexNames } from './index-names';

/** A filesystem snapshot repository; `location` is absolute or relative to the nodes' path.repo. */
export interface SnapshotRepository {
  readonly name: string;
  readonly location: string;
}

/** One snapshot of the Trendscope indices. */
export interface SnapshotInfo {
  snapshot: string;
  indices: string[];
  state: string;
  startedAt: string | null;
}

interface RawSnapshot {
  snapshot: string;
  indices: string[];
  state: string;
  start_time?: string;
  start_time_in_millis?: number;
  shards?: { failed?: number };
  failures?: unknown[];
}

/** Registers the repository (idempotent: the same settings again change nothing). */
export async function ensureSnapshotRepository(client: Client, repo: SnapshotRepository): Promise<void> {
  await client.snapshot.createRepository({
    repository: repo.name,
    body: { type: 'fs', settings: { location: repo.location, compress: true } },
  });
}

/** A snapshot name for this prefix and time: lowercase, sortable, unique to the millisecond. */
export function snapshotName(prefix: string, now: Date): string {
  return `${prefix}-${now.toISOString().replace(/[-:.]/g, '').toLowerCase()}`;
}

/** The physical indices behind the aliases of `names` (every version an alias points at). */
async function aliasedIndices(client: Client, names: IndexNames, kinds: readonly IndexKind[]): Promise<string[]> {
  const out: string[] = [];
  for (const kind of kinds) {
    const exists = await client.indices.existsAlias({ name: names[kind] });
    if (!exists.body) continue;
    const res = await client.indices.getAlias({ name: names[kind] });
    out.push(...Object.keys(res.body));
  }
  return out.sort();
}

/**
 * Snapshots every Trendscope index (with its aliases) and waits for it to finish. Throws when the
 * snapshot is not complete, so a partial backup is never mistaken for a good one.
 */
export async function takeSnapshot(
  client: Client,
  names: IndexNames,
  repo: SnapshotRepository,
  opts: { prefix: string; now: Date },
): Promise<SnapshotInfo> {
  await ensureSnapshotRepository(client, repo);
  const indices = await aliasedIndices(client, names, INDEX_KINDS);
  if (indices.length === 0) throw new Error('no Trendscope index to snapshot (nothing behind the aliases)');
  const snapshot = snapshotName(opts.prefix, opts.now);
  const res = await client.snapshot.create({
    repository: repo.name,
    snapshot,
    wait_for_completion: true,
    body: { indices: indices.join(','), include_global_state: false, metadata: { taken_by: 'trendscope' } },
  });
  const info = (res.body as { snapshot: RawSnapshot }).snapshot;
  if (info.state !== 'SUCCESS' || (info.shards?.failed ?? 0) > 0) {
    throw new Error(`snapshot ${snapshot} ended ${info.state} with ${info.shards?.failed ?? 0} failed shards`);
  }
  return toInfo(info);
}

/** The snapshots of this prefix in the repository, oldest first. */
export async function listSnapshots(client: Client, repo: SnapshotRepository, prefix: string): Promise<SnapshotInfo[]> {
  await ensureSnapshotRepository(client, repo);
  const res = await client.snapshot.get({ repository: repo.name, snapshot: `${prefix}-*`, ignore_unavailable: true });
  const snapshots = (res.body as { snapshots?: RawSnapshot[] }).snapshots ?? [];
  return snapshots
    .filter((s) => /^\d{8}t\d{9}z$/.test(s.snapshot.slice(prefix.length + 1)))
    .sort((a, b) => (a.start_time_in_millis ?? 0) - (b.start_time_in_millis ?? 0))
    .map(toInfo);
}

/**
 * Restores a snapshot into the running cluster: the current indices of every kind it holds are
 * deleted first (so it also works when they are already gone, or have moved to a newer version),
 * then its indices come back with their aliases. Returns the restored indices.
 */
export async function restoreSnapshot(
  client: Client,
  names: IndexNames,
  repo: SnapshotRepository,
  snapshot: string,
): Promise<string[]> {
  const res = await client.snapshot.get({ repository: repo.name, snapshot });
  const info = (res.body as { snapshots: RawSnapshot[] }).snapshots[0];
  if (!info) throw new Error(`snapshot ${snapshot} not found in ${repo.name}`);
  const kinds = INDEX_KINDS.filter((kind) => info.indices.some((index) => isVersionOf(index, names[kind])));
  const doomed = new Set([...(await aliasedIndices(client, names, kinds)), ...info.indices]);
  for (const index of doomed) {
    await client.indices.delete({ index, ignore_unavailable: true });
  }
  await client.snapshot.restore({
    repository: repo.name,
    snapshot,
    wait_for_completion: true,
    body: { indices: info.indices.join(','), include_aliases: true, include_global_state: false },
  });
  await client.cluster.health({ index: info.indices.join(','), wait_for_status: 'yellow', timeout: '60s' });
  return [...info.indices].sort();
}

/** Deletes the oldest snapshots of this prefix beyond `keep`; returns the names deleted. */
export async function pruneSnapshots(
  client: Client,
  repo: SnapshotRepository,
  prefix: string,
  keep: number,
): Promise<string[]> {
  const all = await listSnapshots(client, repo, prefix);
  const doomed = all.slice(0, Math.max(0, all.length - keep)).map((s) => s.snapshot);
  for (const snapshot of doomed) await client.snapshot.delete({ repository: repo.name, snapshot });
  return doomed;
}

function isVersionOf(index: string, alias: string): boolean {
  return index.startsWith(`${alias}-v`) && /^\d+$/.test(index.slice(alias.length + 2));
}

function toInfo(s: RawSnapshot): SnapshotInfo {
  return { snapshot: s.snapshot, indices: [...s.indices].sort(), state: s.state, startedAt: s.start_time ?? null };
}
