import type { Client } from '@opensearch-project/opensearch';
import { loadIndexDefinition, type IndexDefinition } from './index-definitions';
import type { IndexNames } from './index-names';
import { indexBody } from './migrate';
import { indicesBehind, PARTITIONED, rollToMonth, type PartitionedKind } from './partitions';

/** How long each kept kind lives, in days after its newest document (PARTITIONED's dating field). */
export type RetentionDays = Readonly<Record<PartitionedKind, number>>;

/**
 * The period retention applies to `kind`: its own, except that a body never outlives its article
 * (a bodies period above the articles period acts as the articles period; a body without its
 * article is never served, and would only take disk).
 */
export function retentionPeriod(days: RetentionDays, kind: PartitionedKind): number {
  return kind === 'bodies' ? Math.min(days.bodies, days.articles) : days[kind];
}

/** What retention did to one kind's indices. */
export interface RetentionResult {
  kind: PartitionedKind;
  /** The index writes go to after the run. */
  writeIndex: string | null;
  /** Indices deleted (with `dryRun`, those that would be). */
  dropped: string[];
  /** Indices left behind the alias. */
  kept: string[];
}

const DAY_MS = 86_400_000;

/**
 * Applies the retention policy: for each kind kept in monthly indices, first moves writes to the
 * index of `now`'s month, then deletes every other index behind the alias whose newest document
 * is older than the kind's period. Whole indices only, never documents by query: an index goes
 * when all it holds has expired, so nothing younger than the period is ever lost, and what is
 * kept is at most the period plus the month an index spans. The write index is never deleted,
 * nor an index holding documents without a date (they cannot be aged); an empty one is (it
 * holds nothing, and writes through the alias go to the write index). `dryRun` reports without
 * changing anything. Bodies have their own period (retentionPeriod), so a month's bodies can go
 * before its articles; bodies still inside article documents (written before the bodies index)
 * go with their article's index.
 */
export async function applyRetention(
  client: Client,
  names: IndexNames,
  days: RetentionDays,
  opts: { now: Date; dryRun?: boolean; load?: (kind: PartitionedKind) => IndexDefinition },
): Promise<RetentionResult[]> {
  const out: RetentionResult[] = [];
  for (const kind of Object.keys(PARTITIONED) as PartitionedKind[]) {
    const alias = names[kind];
    if (!opts.dryRun) await rollToMonth(client, alias, indexBody((opts.load ?? loadIndexDefinition)(kind)), opts.now);
    const behind = await indicesBehind(client, alias);
    if (behind.length === 0) {
      out.push({ kind, writeIndex: null, dropped: [], kept: [] });
      continue;
    }
    const cutoff = opts.now.getTime() - retentionPeriod(days, kind) * DAY_MS;
    const newest = await newestPerIndex(client, alias, PARTITIONED[kind]);
    const dropped: string[] = [];
    for (const { index, isWrite } of behind) {
      if (isWrite) continue;
      const age = newest.get(index);
      // Absent: no documents. Null: some without a date, which cannot be aged.
      if (age === undefined || (age !== null && age < cutoff)) dropped.push(index);
    }
    if (!opts.dryRun) for (const index of dropped) await client.indices.delete({ index });
    out.push({
      kind,
      writeIndex: behind.find((i) => i.isWrite)?.index ?? null,
      dropped,
      kept: behind.map((i) => i.index).filter((i) => !dropped.includes(i)),
    });
  }
  return out;
}

/**
 * The newest value of `field` in each index behind `alias` (null when some of its documents have
 * none); indices without documents are absent. One search with a terms aggregation on `_index`.
 */
async function newestPerIndex(client: Client, alias: string, field: string): Promise<Map<string, number | null>> {
  // Documents written a moment ago count: an index must not look empty for want of a refresh.
  await client.indices.refresh({ index: alias });
  const body = {
    size: 0,
    aggs: {
      by_index: {
        terms: { field: '_index', size: 1000 },
        aggs: { newest: { max: { field } }, undated: { missing: { field } } },
      },
    },
  };
  const res = await client.search({ index: alias, body } as Parameters<Client['search']>[0]);
  type Bucket = { key: string; newest: { value: number | null }; undated: { doc_count: number } };
  const buckets = (res.body.aggregations as unknown as { by_index: { buckets: Bucket[] } }).by_index.buckets;
  return new Map(buckets.map((b) => [b.key, b.undated.doc_count > 0 ? null : b.newest.value]));
}
