import { InvalidArgumentError, type Command } from 'commander';
import {
  CliError,
  cliContext,
  ApiKeyRepository,
  apiKeyCeilingProblem,
  apiKeyGraceProblem,
  apiKeyNameProblem,
  createApiKey,
  createOpenSearchClient,
  createRedis,
  emailProblem,
  indexNames,
  migrateIndices,
  normaliseEmail,
  NotFoundError,
  revokeApiKey,
  rotateApiKey,
  type ApiKeyDoc,
  type ApiKeyServiceDeps,
  type Config,
} from '@trendscope/core';

type Out = NodeJS.WritableStream;

/** The public JSON of a key for the CLI: never the secret or its hash; ceilings as they apply. */
function presentKey(doc: ApiKeyDoc, config: Config): Record<string, unknown> {
  return {
    id: doc.id,
    name: doc.name,
    account: doc.account,
    prefix: doc.prefix,
    last4: doc.last4,
    per_minute: doc.per_minute ?? config.quotas.registered.perMinute,
    per_day: doc.per_day ?? config.quotas.registered.perDay,
    created_at: doc.created_at,
    rotated_at: doc.rotated_at,
    last_used_at: doc.last_used_at,
    revoked_at: doc.revoked_at,
  };
}

/** Runs `work` with the key service over the configured OpenSearch and Redis, then closes both. */
async function withKeyService<T>(config: Config, work: (deps: ApiKeyServiceDeps) => Promise<T>): Promise<T> {
  const opensearch = createOpenSearchClient({ url: config.opensearch.url, requestTimeoutMs: 30_000 });
  const redis = createRedis(config.redis);
  redis.on('error', () => undefined);
  const names = indexNames(config.opensearch.indexPrefix);
  try {
    await migrateIndices(opensearch, names, { kinds: ['api_keys'] });
    return await work({
      repo: new ApiKeyRepository(opensearch, names.api_keys),
      hashSecret: config.keys.hashSecret,
      redis,
      keyPrefix: config.redis.keyPrefix,
    });
  } catch (err) {
    if (err instanceof NotFoundError) throw new CliError(`${err.message}`);
    throw err;
  } finally {
    redis.disconnect();
    await opensearch.close();
  }
}

function check(problem: string | null): void {
  if (problem) throw new CliError(problem);
}

const wholeNumber = (value: string): number => {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number');
  return Number(value);
};

/** `keys create`: prints the new key once, as one JSON line. */
export async function runKeysCreate(
  config: Config,
  opts: { name: string; account?: string; perMinute?: number; perDay?: number },
  out: Out = process.stdout,
): Promise<void> {
  check(apiKeyNameProblem(opts.name));
  if (opts.account !== undefined) check(emailProblem(opts.account));
  if (opts.perMinute !== undefined) check(apiKeyCeilingProblem(opts.perMinute));
  if (opts.perDay !== undefined) check(apiKeyCeilingProblem(opts.perDay));
  const issued = await withKeyService(config, (deps) =>
    createApiKey(deps, {
      name: opts.name,
      account: opts.account === undefined ? null : normaliseEmail(opts.account),
      perMinute: opts.perMinute ?? null,
      perDay: opts.perDay ?? null,
    }),
  );
  const shown = presentKey(issued.doc, config);
  out.write(
    `${JSON.stringify({ id: shown.id, name: shown.name, prefix: shown.prefix, key: issued.key, per_minute: shown.per_minute, per_day: shown.per_day, created_at: shown.created_at })}\n`,
  );
}

/** `keys list`: one JSON line per key, without any secret. */
export async function runKeysList(
  config: Config,
  opts: { account?: string },
  out: Out = process.stdout,
): Promise<void> {
  if (opts.account !== undefined) check(emailProblem(opts.account));
  const docs = await withKeyService(config, (deps) =>
    deps.repo.list(opts.account === undefined ? {} : { account: normaliseEmail(opts.account) }),
  );
  for (const doc of docs) out.write(`${JSON.stringify(presentKey(doc, config))}\n`);
}

/** `keys rotate`: a new secret for the same id, printed once. */
export async function runKeysRotate(
  config: Config,
  id: string,
  opts: { grace?: number },
  out: Out = process.stdout,
): Promise<void> {
  const grace = opts.grace ?? 0;
  check(apiKeyGraceProblem(grace));
  const issued = await withKeyService(config, (deps) => rotateApiKey(deps, id, grace));
  const shown = presentKey(issued.doc, config);
  out.write(
    `${JSON.stringify({ id: shown.id, name: shown.name, prefix: shown.prefix, key: issued.key, per_minute: shown.per_minute, per_day: shown.per_day, created_at: shown.created_at, previous_expires_at: issued.doc.previous_expires_at })}\n`,
  );
}

/** `keys revoke`: refused by every API process within a second. */
export async function runKeysRevoke(config: Config, id: string, out: Out = process.stdout): Promise<void> {
  const doc = await withKeyService(config, (deps) => revokeApiKey(deps, id));
  out.write(`${JSON.stringify({ id: doc.id, revoked_at: doc.revoked_at })}\n`);
}

/** Adds `keys create|list|rotate|revoke` to the CLI; bad input exits with code 2. */
export function addKeysCommand(program: Command): void {
  const keys = program.command('keys').description('Create, list, rotate and revoke API keys (operator).');
  keys
    .command('create')
    .description('Create a key; prints it once as a JSON line.')
    .requiredOption('--name <name>', 'what the key is for')
    .option('--account <email>', 'the account the key belongs to')
    .option('--per-minute <n>', 'reserved ceiling per minute', wholeNumber)
    .option('--per-day <n>', 'reserved ceiling per UTC day', wholeNumber)
    .action((opts: Parameters<typeof runKeysCreate>[1]) => runKeysCreate(cliContext().config, opts));
  keys
    .command('list')
    .description('List keys as JSON lines (never the key itself).')
    .option('--account <email>', 'only this account')
    .action((opts: { account?: string }) => runKeysList(cliContext().config, opts));
  keys
    .command('rotate')
    .description('A new secret for the same key id; prints it once.')
    .argument('<id>')
    .option('--grace <seconds>', 'how long the old secret keeps working (default 0)', wholeNumber)
    .action((id: string, opts: { grace?: number }) => runKeysRotate(cliContext().config, id, opts));
  keys
    .command('revoke')
    .description('Revoke a key.')
    .argument('<id>')
    .action((id: string) => runKeysRevoke(cliContext().config, id));
}
