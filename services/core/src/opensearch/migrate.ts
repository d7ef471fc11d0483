import type { Client } from '@opensearch-project/opensearch';
import { compareWithDefinition } from './definition-change';
import { definitionHash, loadIndexDefinition, type IndexDefinition } from './index-definitions';
import { INDEX_KINDS, type IndexKind, type IndexNames } from './index-names';
import {
  createIfMissing,
  indicesBehind,
  isPartitioned,
  monthOf,
  parseIndexName,
  partitionIndex,
  rollToMonth,
} from './partitions';

/** What the migration did to one index (for a kind kept in monthly indices: to all of them). */
export interface MigrationResult {
  kind: IndexKind;
  alias: string;
  /** The index writes through the alias go to. */
  index: string;
  /**
   * `updated`: the definition only added fields or changed dynamic settings, applied to the live
   * indices (nothing copied); `migrated`: copied into the next version. `partitioned`: a single
   * index from before monthly indices stays for reads, a monthly one takes the writes.
   */
  action: 'created' | 'unchanged' | 'updated' | 'migrated' | 'partitioned';
  copied?: number;
}

type DefinitionLoader = (kind: IndexKind) => IndexDefinition;

/**
 * Brings every index to its definition in infra/opensearch/. Idempotent: an index whose stored
 * definition hash matches is left alone. A definition that only adds fields or changes dynamic
 * settings is applied to the live index (put-mapping, put-settings, then the new hash): an upgrade
 * costs a few requests whatever the index holds, so a service starts at once. Any other change
 * (definition-change.ts says which) creates the next version of each index behind the alias
 * (`<alias>-v<n+1>`, or `<alias>-<month>-v<n+1>`), copies the documents with `_reindex`, swaps
 * the alias atomically (readers never see a missing index), then copies once more whatever was
 * written to the old index during the first copy.
 *
 * Articles and trends live in monthly indices (partitions.ts): the first run creates the index of
 * `now`'s month as the alias's write index; a later run moves writes to the current month's index.
 * A deployment from before monthly indices (one `<alias>-v<n>`) keeps that index behind the alias,
 * read-only but for updates of its own documents, until retention drops it whole (retention.ts):
 * nothing is copied.
 */
export async function migrateIndices(
  client: Client,
  names: IndexNames,
  opts: { kinds?: readonly IndexKind[]; load?: DefinitionLoader; now?: Date } = {},
): Promise<MigrationResult[]> {
  const results: MigrationResult[] = [];
  for (const kind of opts.kinds ?? INDEX_KINDS) {
    const def = (opts.load ?? loadIndexDefinition)(kind);
    results.push(await migrateIndex(client, kind, names[kind], def, opts.now ?? new Date()));
  }
  return results;
}

/** The body an index of this definition is created with: its settings, and its mappings stamped with the definition hash. */
export function indexBody(def: IndexDefinition): Record<string, unknown> {
  const hash = definitionHash(def);
  return {
    settings: def.settings,
    mappings: { ...def.mappings, _meta: { ...((def.mappings._meta as object) ?? {}), definition_hash: hash } },
  };
}

async function migrateIndex(
  client: Client,
  kind: IndexKind,
  alias: string,
  def: IndexDefinition,
  now: Date,
): Promise<MigrationResult> {
  const hash = definitionHash(def);
  const body = indexBody(def);
  const partitioned = isPartitioned(kind);
  const behind = await indicesBehind(client, alias);
  if (behind.length === 0) {
    await assertNotConcrete(client, alias);
    const index = partitioned ? partitionIndex(alias, monthOf(now), 1) : `${alias}-v1`;
    const created = await createIfMissing(client, index, {
      ...body,
      aliases: { [alias]: partitioned ? { is_write_index: true } : {} },
    });
    if (!created) await waitForAlias(client, alias, index);
    return { kind, alias, index, action: created ? 'created' : 'unchanged' };
  }
  let copied = 0;
  let migrated = false;
  let updated = false;
  for (const current of behind) {
    const mappings = await liveMappings(client, current.index);
    if ((mappings._meta as { definition_hash?: string } | undefined)?.definition_hash === hash) continue;
    const settings = await liveSettings(client, current.index);
    const change = compareWithDefinition({ mappings, settings }, def);
    if (change.kind === 'in-place') {
      await updateInPlace(client, current.index, body, change.settings);
      updated = true;
      continue;
    }
    copied += await moveToNextVersion(client, alias, current.index, body, partitioned ? current.isWrite : null);
    migrated = true;
  }
  const single = behind.some((i) => parseIndexName(alias, i.index)?.month === null);
  const rolled = partitioned ? await rollToMonth(client, alias, body, now) : null;
  const write = (await indicesBehind(client, alias)).find((i) => i.isWrite)?.index ?? behind[0]!.index;
  const action = migrated ? 'migrated' : updated ? 'updated' : rolled && single ? 'partitioned' : 'unchanged';
  return { kind, alias, index: write, action, ...(migrated ? { copied } : {}) };
}

/**
 * Copies one index behind `alias` into its next version and swaps the alias to it; `isWrite`
 * (null for an alias of one index) is kept on the new index. Returns the documents copied.
 */
async function moveToNextVersion(
  client: Client,
  alias: string,
  current: string,
  body: Record<string, unknown>,
  isWrite: boolean | null,
): Promise<number> {
  const parsed = parseIndexName(alias, current);
  const version = (parsed?.version ?? 0) + 1;
  const next = parsed?.month ? partitionIndex(alias, parsed.month, version) : `${alias}-v${version}`;
  if (!(await createIfMissing(client, next, body))) {
    // Another process is running the same migration: wait for its alias swap.
    await waitForAlias(client, alias, next);
    return 0;
  }
  const first = await copyDocuments(client, current, next);
  await client.indices.updateAliases({
    body: {
      actions: [
        { remove: { index: current, alias } },
        { add: { index: next, alias, ...(isWrite === null ? {} : { is_write_index: isWrite }) } },
      ],
    },
  });
  const second = await copyDocuments(client, current, next, true);
  await client.indices.delete({ index: current });
  await client.indices.refresh({ index: next });
  return first + second;
}

async function assertNotConcrete(client: Client, alias: string): Promise<void> {
  const concrete = await client.indices.exists({ index: alias });
  if (concrete.body) {
    throw new Error(`${alias} is a concrete index, not an alias; delete it or reindex it into ${alias}-v1 first`);
  }
}

/** A live index's mappings (with the stored definition hash in `_meta`). */
async function liveMappings(client: Client, index: string): Promise<Record<string, unknown>> {
  const res = await client.indices.getMapping({ index });
  return (res.body as Record<string, { mappings?: Record<string, unknown> }>)[index]?.mappings ?? {};
}

/** A live index's settings as flat keys; read only when its definition changed, not on every start. */
async function liveSettings(client: Client, index: string): Promise<Record<string, unknown>> {
  const res = await client.indices.getSettings({ index, flat_settings: true });
  return (res.body as Record<string, { settings?: Record<string, unknown> }>)[index]?.settings ?? {};
}

/**
 * Applies an additive definition to a live index: dynamic settings, then the whole mapping with
 * the new hash last, so an interrupted update leaves the old hash and is simply done again. The
 * fields it adds are empty on the documents already there, as they would be after a copy.
 */
async function updateInPlace(
  client: Client,
  index: string,
  body: Record<string, unknown>,
  settings: Record<string, string | string[]>,
): Promise<void> {
  if (Object.keys(settings).length > 0) await client.indices.putSettings({ index, body: settings });
  await client.indices.putMapping({ index, body: body.mappings as Record<string, unknown> });
}

async function copyDocuments(client: Client, source: string, dest: string, onlyMissing = false): Promise<number> {
  await client.indices.refresh({ index: source });
  const res = await client.reindex({
    wait_for_completion: true,
    refresh: true,
    body: {
      source: { index: source },
      dest: onlyMissing ? { index: dest, op_type: 'create' } : { index: dest },
      ...(onlyMissing ? { conflicts: 'proceed' } : {}),
    },
  });
  const out = res.body as { created?: number; failures?: unknown[] };
  if (out.failures && out.failures.length > 0) {
    throw new Error(`reindex ${source} -> ${dest} failed for ${out.failures.length} documents`);
  }
  return out.created ?? 0;
}

async function waitForAlias(client: Client, alias: string, index: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await indicesBehind(client, alias)).some((i) => i.index === index)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for alias ${alias} to point at ${index}`);
}
