import type { Client } from '@opensearch-project/opensearch';
import { definitionHash, loadIndexDefinition, type IndexDefinition } from './index-definitions';
import { INDEX_KINDS, type IndexKind, type IndexNames } from './index-names';

/** What the migration did to one index. */
export interface MigrationResult {
  kind: IndexKind;
  alias: string;
  index: string;
  action: 'created' | 'unchanged' | 'migrated';
  copied?: number;
}

type DefinitionLoader = (kind: IndexKind) => IndexDefinition;

/**
 * Brings every index to its definition in infra/opensearch/. Idempotent: an index whose stored
 * definition hash matches is left alone. A changed definition creates `<alias>-v<n+1>`, copies the
 * documents with `_reindex`, swaps the alias atomically (readers never see a missing index), then
 * copies once more whatever was written to the old index during the first copy.
 */
export async function migrateIndices(
  client: Client,
  names: IndexNames,
  opts: { kinds?: readonly IndexKind[]; load?: DefinitionLoader } = {},
): Promise<MigrationResult[]> {
  const results: MigrationResult[] = [];
  for (const kind of opts.kinds ?? INDEX_KINDS) {
    const def = (opts.load ?? loadIndexDefinition)(kind);
    results.push(await migrateIndex(client, kind, names[kind], def));
  }
  return results;
}

async function migrateIndex(
  client: Client,
  kind: IndexKind,
  alias: string,
  def: IndexDefinition,
): Promise<MigrationResult> {
  const hash = definitionHash(def);
  const body = {
    settings: def.settings,
    mappings: { ...def.mappings, _meta: { ...((def.mappings._meta as object) ?? {}), definition_hash: hash } },
  };
  const current = await currentIndex(client, alias);
  if (!current) {
    const index = `${alias}-v1`;
    const created = await createIndex(client, index, { ...body, aliases: { [alias]: {} } });
    if (!created) await waitForAlias(client, alias, index);
    return { kind, alias, index, action: created ? 'created' : 'unchanged' };
  }
  if ((await storedHash(client, current)) === hash) return { kind, alias, index: current, action: 'unchanged' };

  const next = `${alias}-v${versionOf(current) + 1}`;
  if (!(await createIndex(client, next, body))) {
    // Another process is running the same migration: wait for its alias swap.
    await waitForAlias(client, alias, next);
    return { kind, alias, index: next, action: 'unchanged' };
  }
  const first = await copyDocuments(client, current, next);
  await client.indices.updateAliases({
    body: { actions: [{ remove: { index: current, alias } }, { add: { index: next, alias } }] },
  });
  const second = await copyDocuments(client, current, next, true);
  await client.indices.delete({ index: current });
  await client.indices.refresh({ index: next });
  return { kind, alias, index: next, action: 'migrated', copied: first + second };
}

async function currentIndex(client: Client, alias: string): Promise<string | null> {
  const exists = await client.indices.existsAlias({ name: alias });
  if (!exists.body) {
    const concrete = await client.indices.exists({ index: alias });
    if (concrete.body) {
      throw new Error(`${alias} is a concrete index, not an alias; delete it or reindex it into ${alias}-v1 first`);
    }
    return null;
  }
  const res = await client.indices.getAlias({ name: alias });
  const indices = Object.keys(res.body).sort((a, b) => versionOf(b) - versionOf(a));
  return indices[0] ?? null;
}

async function storedHash(client: Client, index: string): Promise<string | undefined> {
  const res = await client.indices.getMapping({ index });
  const mapping = (res.body as Record<string, { mappings?: { _meta?: { definition_hash?: string } } }>)[index];
  return mapping?.mappings?._meta?.definition_hash;
}

/** Creates an index; false when it already exists (someone else created it first). */
async function createIndex(client: Client, index: string, body: Record<string, unknown>): Promise<boolean> {
  try {
    await client.indices.create({ index, body });
    return true;
  } catch (err) {
    const type = (err as { meta?: { body?: { error?: { type?: string } } } }).meta?.body?.error?.type;
    if (type === 'resource_already_exists_exception') return false;
    throw err;
  }
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
    if ((await currentIndex(client, alias)) === index) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for alias ${alias} to point at ${index}`);
}

function versionOf(index: string): number {
  const m = /-v(\d+)$/.exec(index);
  return m ? Number(m[1]) : 0;
}
