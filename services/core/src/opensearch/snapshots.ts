import type { Client } from '@opensearch-project/opensearch';
import { INDEX_KINDS, type IndexKind, type IndexNames } from './index-names';
import { parseIndexName } from './partitions';

/**
 * The two sets snapshotted and restored apart: content (what the pipeline rebuilds) and account
 * data (accounts and API keys: security decisions, personal data). A restore brings back content
 * by default; account data only when asked, since it would undo revocations (replayed after it).
 */
export const SNAPSHOT_SETS = {
  content: ['articles', 'bodies', 'trends', 'domains', 'runs'],
  accounts: ['accounts', 'api_keys'],
} as const satisfies Record<string, readonly IndexKind[]>;

/** One of the snapshot sets. */
export type SnapshotSet = keyof typeof SNAPSHOT_SETS;

/** The name prefix of a set's snapshots: `<prefix>-<time>` for content, `<prefix>-accounts-<time>`. */
export function snapshotPrefix(prefix: string, set: SnapshotSet): string {
  return set === 'content' ? prefix : `${prefix}-accounts`;
}

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
 * Snapshots the Trendscope indices of `kinds` (every one by default; a set's by `snapshotSet`) with
 * their aliases and waits for it to finish. Throws when the snapshot is not complete, so a partial
 * backup is never mistaken for a good one.
 */
export async function takeSnapshot(
  client: Client,
  names: IndexNames,
  repo: SnapshotRepository,
  opts: { prefix: string; now: Date; kinds?: readonly IndexKind[] },
): Promise<SnapshotInfo> {
  await ensureSnapshotRepository(client, repo);
  const indices = await aliasedIndices(client, names, opts.kinds ?? INDEX_KINDS);
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

/** One snapshot per set, taken at the same moment (their names share the time); content last. */
export async function snapshotSets(
  client: Client,
  names: IndexNames,
  repo: SnapshotRepository,
  opts: { prefix: string; now: Date },
): Promise<{ accounts: SnapshotInfo; content: SnapshotInfo }> {
  const take = (set: SnapshotSet) =>
    takeSnapshot(client, names, repo, {
      prefix: snapshotPrefix(opts.prefix, set),
      now: opts.now,
      kinds: SNAPSHOT_SETS[set],
    });
  const accounts = await take('accounts');
  return { accounts, content: await take('content') };
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

/** The indices of a snapshot, or null when there is no such snapshot. */
export async function snapshotIndices(
  client: Client,
  repo: SnapshotRepository,
  snapshot: string,
): Promise<string[] | null> {
  const res = await client.snapshot.get({ repository: repo.name, snapshot, ignore_unavailable: true });
  return (res.body as { snapshots?: RawSnapshot[] }).snapshots?.[0]?.indices ?? null;
}

/**
 * Restores a snapshot's indices of `kinds` (the content set by default) into the running cluster:
 * the current indices of those kinds are deleted first (so it also works when they are already
 * gone, or have moved to a newer version), then the snapshot's come back with their aliases.
 * Returns the restored indices.
 */
export async function restoreSnapshot(
  client: Client,
  names: IndexNames,
  repo: SnapshotRepository,
  snapshot: string,
  kinds: readonly IndexKind[] = SNAPSHOT_SETS.content,
): Promise<string[]> {
  const all = await snapshotIndices(client, repo, snapshot);
  if (!all) throw new Error(`snapshot ${snapshot} not found in ${repo.name}`);
  const indices = all.filter((index) => kinds.some((kind) => isVersionOf(index, names[kind])));
  if (indices.length === 0) return [];
  const present = kinds.filter((kind) => indices.some((index) => isVersionOf(index, names[kind])));
  const doomed = new Set([...(await aliasedIndices(client, names, present)), ...indices]);
  for (const index of doomed) {
    await client.indices.delete({ index, ignore_unavailable: true });
  }
  await client.snapshot.restore({
    repository: repo.name,
    snapshot,
    wait_for_completion: true,
    body: { indices: indices.join(','), include_aliases: true, include_global_state: false },
  });
  await client.cluster.health({ index: indices.join(','), wait_for_status: 'yellow', timeout: '60s' });
  return [...indices].sort();
}

/**
 * Restores a snapshot's index of one kind under a new version, `<alias>-v<n>` past every version
 * in use or in the snapshot, without moving the alias: the caller works on it before serving it
 * (swapAlias). Null when the snapshot holds no index of that kind.
 */
export async function restoreAside(
  client: Client,
  alias: string,
  repo: SnapshotRepository,
  snapshot: string,
): Promise<{ from: string; index: string } | null> {
  const all = (await snapshotIndices(client, repo, snapshot)) ?? [];
  const from = all.find((index) => isVersionOf(index, alias));
  if (!from) return null;
  const live = await client.indices.get({ index: `${alias}-v*`, expand_wildcards: 'all' }, { ignore: [404] });
  const versions = [from, ...Object.keys(live.body as object)].filter((i) => isVersionOf(i, alias));
  const index = `${alias}-v${Math.max(...versions.map((i) => parseIndexName(alias, i)!.version)) + 1}`;
  await client.snapshot.restore({
    repository: repo.name,
    snapshot,
    wait_for_completion: true,
    body: {
      indices: from,
      include_aliases: false,
      include_global_state: false,
      // Index names hold only [a-z0-9-]: the name is its own pattern.
      rename_pattern: `^${from}$`,
      rename_replacement: index,
    },
  });
  await client.cluster.health({ index, wait_for_status: 'yellow', timeout: '60s' });
  return { from, index };
}

/** Points `alias` at `index` alone in one atomic step, then deletes the indices it left. */
export async function swapAlias(client: Client, alias: string, index: string): Promise<void> {
  const exists = (await client.indices.existsAlias({ name: alias })).body;
  const old = exists ? Object.keys((await client.indices.getAlias({ name: alias })).body) : [];
  await client.indices.updateAliases({
    body: { actions: [...old.map((i) => ({ remove: { index: i, alias } })), { add: { index, alias } }] },
  });
  for (const i of old) if (i !== index) await client.indices.delete({ index: i });
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

/** True for the indices an alias may point at: `<alias>-v<n>`, and `<alias>-<month>-v<n>` of a monthly kind. */
function isVersionOf(index: string, alias: string): boolean {
  return parseIndexName(alias, index) !== null;
}

function toInfo(s: RawSnapshot): SnapshotInfo {
  return { snapshot: s.snapshot, indices: [...s.indices].sort(), state: s.state, startedAt: s.start_time ?? null };
}
