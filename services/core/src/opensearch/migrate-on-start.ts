import type { Config } from '../config/load-config';
import type { Logger } from '../logging/logger';
import { createOpenSearchClient } from './client';
import type { IndexNames } from './index-names';
import { migrateIndices } from './migrate';

/** What a service does when the start-up migration fails. */
export interface MigrateOnStartOptions {
  /** Log and go on starting (the API: /health shows OpenSearch down until it is back); else rethrow. */
  continueOnFailure?: boolean;
}

/**
 * Applies the index migrations at start-up when OPENSEARCH_MIGRATE_ON_START is on, through a
 * client of its own: a migration may reindex, so it needs far longer time-outs than reads.
 */
export async function migrateOnStart(
  config: Pick<Config['opensearch'], 'url' | 'migrateOnStart'>,
  names: IndexNames,
  logger: Logger,
  options: MigrateOnStartOptions = {},
): Promise<void> {
  if (!config.migrateOnStart) return;
  const migrator = createOpenSearchClient({ url: config.url, requestTimeoutMs: 120_000, maxRetries: 3 });
  try {
    const results = await migrateIndices(migrator, names);
    logger.info({ results: results.map((r) => `${r.alias}:${r.action}`) }, 'indices migrated');
  } catch (err) {
    if (!options.continueOnFailure) throw err;
    logger.error({ err: (err as Error).message }, 'index migration failed; continuing');
  } finally {
    await migrator.close();
  }
}
