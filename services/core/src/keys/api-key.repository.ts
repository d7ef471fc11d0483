import type { Client } from '@opensearch-project/opensearch';
import type { ApiKeyDoc } from './api-key.document';

/**
 * Reads and writes the api-keys index. Writes refresh the (small) index, so a new or changed key is
 * searchable at once, and go only through the alias (require_alias): a lost index is never
 * re-created empty by a write.
 */
export class ApiKeyRepository {
  constructor(
    private readonly client: Client,
    private readonly index: string,
  ) {}

  /** Stores a new key document. */
  async insert(doc: ApiKeyDoc): Promise<void> {
    await this.client.index({
      index: this.index,
      id: doc.id,
      body: doc,
      op_type: 'create',
      refresh: true,
      require_alias: true,
    });
  }

  /** The key with this id, or null. */
  async get(id: string): Promise<ApiKeyDoc | null> {
    try {
      const res = await this.client.get({ index: this.index, id });
      return (res.body as { _source?: ApiKeyDoc })._source ?? null;
    } catch (err) {
      if ((err as { meta?: { statusCode?: number } }).meta?.statusCode === 404) return null;
      throw err;
    }
  }

  /** Changes some fields of one key. */
  async update(id: string, fields: Partial<ApiKeyDoc>): Promise<void> {
    await this.client.update({ index: this.index, id, body: { doc: fields }, refresh: true, require_alias: true });
  }

  /** The key whose current or in-grace previous secret has this hash, or null. */
  async findBySecretHash(hash: string): Promise<ApiKeyDoc | null> {
    const res = await this.client.search({
      index: this.index,
      body: {
        size: 1,
        query: {
          bool: {
            should: [{ term: { secret_hash: hash } }, { term: { previous_secret_hash: hash } }],
            minimum_should_match: 1,
          },
        },
      },
    });
    const hit = (res.body as { hits: { hits: { _source: ApiKeyDoc }[] } }).hits.hits[0];
    return hit ? hit._source : null;
  }

  /** Keys, oldest first; of one account when `account` is given. */
  async list(opts: { account?: string; includeRevoked?: boolean } = {}): Promise<ApiKeyDoc[]> {
    const filter: object[] = [];
    if (opts.account !== undefined) filter.push({ term: { account: opts.account } });
    const mustNot = opts.includeRevoked === false ? [{ exists: { field: 'revoked_at' } }] : [];
    const res = await this.client.search({
      index: this.index,
      body: {
        size: 1000,
        query: { bool: { filter, must_not: mustNot } },
        sort: [{ created_at: 'asc' }, { id: 'asc' }],
      },
    });
    return (res.body as { hits: { hits: { _source: ApiKeyDoc }[] } }).hits.hits.map((h) => h._source);
  }

  /** Records when keys were last used (one bulk request; unknown ids are ignored). */
  async touchLastUsed(usedAt: ReadonlyMap<string, string>): Promise<void> {
    if (usedAt.size === 0) return;
    const body = [...usedAt].flatMap(([id, at]) => [
      { update: { _index: this.index, _id: id, retry_on_conflict: 2 } },
      { doc: { last_used_at: at } },
    ]);
    await this.client.bulk({ body, require_alias: true });
  }
}
