import type { Client } from '@opensearch-project/opensearch';
import { INDEX_KINDS, type IndexNames } from './index-names';

/**
 * The aliases of `names` that resolve to no index, in INDEX_KINDS order (empty when all resolve).
 * One `_alias` request; an alias name taken by a concrete index counts as missing, since nothing
 * the services read or write through the alias is there.
 */
export async function missingAliases(
  client: Client,
  names: IndexNames,
  opts: { timeoutMs?: number } = {},
): Promise<string[]> {
  const wanted = INDEX_KINDS.map((kind) => names[kind]);
  const res = await client.indices.getAlias(
    { name: wanted.join(',') },
    { ignore: [404], ...(opts.timeoutMs ? { requestTimeout: opts.timeoutMs } : {}) },
  );
  // A 404 body holds the aliases found beside `error` and `status`: only index entries count.
  const found = new Set<string>();
  for (const entry of Object.values(res.body as Record<string, unknown>)) {
    const aliases = (entry as { aliases?: Record<string, unknown> } | null)?.aliases;
    if (aliases && typeof aliases === 'object') for (const alias of Object.keys(aliases)) found.add(alias);
  }
  return wanted.filter((alias) => !found.has(alias));
}

/** The aliases of `names` whose name is taken by a concrete index (an index auto-created by a write). */
export async function concreteIndicesAtAliases(client: Client, aliases: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const alias of aliases) {
    if ((await client.indices.existsAlias({ name: alias })).body) continue;
    if ((await client.indices.exists({ index: alias })).body) out.push(alias);
  }
  return out;
}
