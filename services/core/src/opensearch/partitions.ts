import type { Client } from '@opensearch-project/opensearch';
import type { IndexKind } from './index-names';

/**
 * The kinds kept in monthly indices behind their alias, each with the field that dates a document
 * for retention: an article and its body by when it was fetched, a trend by its last report (a
 * trend still reported keeps its month alive, however old its first report).
 */
export const PARTITIONED = {
  articles: 'fetched_at',
  trends: 'last_seen',
  bodies: 'fetched_at',
} as const satisfies Partial<Record<IndexKind, string>>;

/** A kind kept in monthly indices. */
export type PartitionedKind = keyof typeof PARTITIONED;

/** True for the kinds kept in monthly indices. */
export function isPartitioned(kind: IndexKind): kind is PartitionedKind {
  return kind in PARTITIONED;
}

/** The calendar month (UTC) of a time, as index names spell it: `2026-11`. */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** The monthly index of `alias` for `month` at definition version `version`: `<alias>-2026-11-v1`. */
export function partitionIndex(alias: string, month: string, version: number): string {
  return `${alias}-${month}-v${version}`;
}

/**
 * What an index name says about its place behind `alias`: its month (null for the single index
 * `<alias>-v<n>` of an unpartitioned kind, or of a deployment from before monthly indices) and
 * its version; null when the name is not one of the alias's indices.
 */
export function parseIndexName(alias: string, index: string): { month: string | null; version: number } | null {
  if (!index.startsWith(`${alias}-`)) return null;
  const m = /^(?:(\d{4}-\d{2})-)?v(\d+)$/.exec(index.slice(alias.length + 1));
  return m ? { month: m[1] ?? null, version: Number(m[2]) } : null;
}

/** One index behind an alias, and whether writes through the alias go to it. */
export interface AliasedIndex {
  index: string;
  isWrite: boolean;
}

/**
 * The indices behind `alias`, oldest month first; [] when the alias does not exist. With one index
 * and no flag the alias writes to it, so it counts as the write index.
 */
export async function indicesBehind(client: Client, alias: string): Promise<AliasedIndex[]> {
  const res = await client.indices.getAlias({ name: alias }, { ignore: [404] });
  const out: AliasedIndex[] = [];
  for (const [index, entry] of Object.entries(res.body as Record<string, unknown>)) {
    const aliases = (entry as { aliases?: Record<string, { is_write_index?: boolean }> } | null)?.aliases;
    if (!aliases || typeof aliases !== 'object' || !(alias in aliases)) continue;
    out.push({ index, isWrite: aliases[alias]?.is_write_index === true });
  }
  if (out.length === 1) out[0]!.isWrite = true;
  return out.sort((a, b) => (a.index < b.index ? -1 : a.index > b.index ? 1 : 0));
}

/** Ids looked up per request by locateDocuments. */
const LOCATE_PAGE = 1000;

/**
 * The concrete index holding each of `ids` behind `alias` (one `ids` search per thousand ids);
 * ids stored nowhere are absent, and so is every id when the alias is missing. A write to an existing document must name its index: through an
 * alias of several indices, an update or upsert goes to the write index, where the document of an
 * older month is not.
 */
export async function locateDocuments(
  client: Client,
  alias: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += LOCATE_PAGE) {
    const page = unique.slice(i, i + LOCATE_PAGE);
    const res = await client.search(
      {
        index: alias,
        // An answer missing a shard (a node down) would send a stored document to the write index
        // as new: the search fails instead, and the write is retried.
        allow_partial_search_results: false,
        body: { query: { ids: { values: page } }, size: page.length, _source: false, sort: [{ _index: 'desc' }] },
      },
      // A lost alias locates nothing: the write that follows meets the loss (require_alias) and says so.
      { ignore: [404] },
    );
    // Newest month first: should a document exist twice, writes go to the newer copy.
    const hits = (res.body as { hits?: { hits?: { _id: string; _index: string }[] } }).hits?.hits ?? [];
    for (const hit of hits) {
      if (!out.has(hit._id)) out.set(hit._id, hit._index);
    }
  }
  return out;
}

/**
 * Makes the index of `now`'s month the write index of `alias`, creating it with `body` (settings,
 * mappings) when missing, in one atomic alias change; the older indices stay behind the alias for
 * reads. Nothing changes when the write index is already of that month or a later one (a clock
 * set back never moves writes to an older month), nor when the alias has no index (a lost one is
 * restored, not recreated empty). Safe to run from several processes at once. Returns the index that became the write index, or null when nothing changed.
 */
export async function rollToMonth(
  client: Client,
  alias: string,
  body: Record<string, unknown>,
  now: Date,
): Promise<string | null> {
  const month = monthOf(now);
  const behind = await indicesBehind(client, alias);
  // No index at all is a lost index (or one never migrated): it must not come back empty.
  if (behind.length === 0) return null;
  const write = behind.find((i) => i.isWrite);
  const writeMonth = write ? parseIndexName(alias, write.index)?.month : null;
  if (write && writeMonth && writeMonth >= month) return null;
  const existing = behind.find((i) => parseIndexName(alias, i.index)?.month === month);
  const target = existing?.index ?? partitionIndex(alias, month, 1);
  if (!existing) await createIfMissing(client, target, body);
  await client.indices.updateAliases({
    body: {
      actions: [
        ...behind
          .filter((i) => i.index !== target)
          .map((i) => ({ add: { index: i.index, alias, is_write_index: false } })),
        { add: { index: target, alias, is_write_index: true } },
      ],
    },
  });
  return target;
}

/** Creates an index; false when it already exists (another process created it first). */
export async function createIfMissing(client: Client, index: string, body: Record<string, unknown>): Promise<boolean> {
  try {
    await client.indices.create({ index, body });
    return true;
  } catch (err) {
    const type = (err as { meta?: { body?: { error?: { type?: string } } } }).meta?.body?.error?.type;
    if (type === 'resource_already_exists_exception') return false;
    throw err;
  }
}
