/**
 * What the quota middleware costs per request, without the load generator or the machine's noise:
 * the real middleware (real Redis, the real key verifier over OpenSearch, a key with a reserved
 * ceiling and a warm lease) driven in process, quotas on against quotas off
 * (API_QUOTAS_ENABLED=false; both verify the key), in alternating rounds of the same requests, and
 * each answer written through Node's ServerResponse to a connection that drops the bytes (so the
 * cost of Node validating, storing and serialising the two quota headers counts, not only that of
 * setting them). Requests arrive in groups of 32 per event-loop turn, as 32 connections' requests
 * do. Prints the CPU time per request of each side (user + system of this process, which other
 * work on the machine does not inflate the way it does wall time), the difference (what counting
 * costs), bytes allocated per request and Redis script calls per 1,000 requests.
 * `BENCH=quota-path make bench`; with BENCH_QUOTA_PROFILE=<path>, also where each side allocates
 * (every sampled allocation, collected or not) in <path>.on.heapprofile and <path>.off.heapprofile
 * (Chrome DevTools' Memory tab).
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { writeFileSync } from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Session } from 'node:inspector/promises';
import { Duplex } from 'node:stream';
import { loadavg } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import Koa, { type Middleware } from 'koa';
import {
  ApiKeyRepository,
  createApiKey,
  createOpenSearchClient,
  createRedis,
  indexNames,
  loadConfig,
  migrateIndices,
  QuotaService,
  type Redis,
} from '@trendscope/core';
import { KeyVerifier } from '@trendscope/api/auth/key-verifier';
import { LastUsedRecorder } from '@trendscope/api/auth/last-used-recorder';
import { quotaMiddleware } from '@trendscope/api/middleware/quota.middleware';
import { median } from '../support/median';
import { silentLogger } from '../support/services';
import { BENCH_OPENSEARCH_URL, BENCH_REDIS_URL } from './bench-services';

const OS_URL = BENCH_OPENSEARCH_URL;
const REDIS_URL = BENCH_REDIS_URL;
const PREFIX = 'bench-quota-path';
/** Requests per side per round, rounds per side, requests per event-loop turn. */
const REQUESTS = Number(process.env.BENCH_QUOTA_REQUESTS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_QUOTA_ROUNDS ?? 10);
const PER_TURN = 32;

interface Side {
  name: string;
  guard: Middleware;
}

interface RoundFigures {
  /** CPU time per request. */
  ns: number;
  bytes: number;
  scripts: number;
}

const app = new Koa({ proxy: false });
/** A connection: what is written to it is dropped, after Node has built and validated it. */
function connection(): Duplex {
  const socket = new Duplex({
    read: () => undefined,
    write: (_chunk, _encoding, done: () => void) => done(),
    writev: (_chunks, done: () => void) => done(),
  });
  Object.defineProperty(socket, 'remoteAddress', { value: '127.0.0.1' });
  return socket;
}
/** One connection per request of a turn, as 32 connections' requests arrive. */
const sockets = Array.from({ length: PER_TURN }, connection);
/** A cached answer's body (about the size of /v1/categories). */
const BODY = Buffer.alloc(900, 'x');

/**
 * A fresh Koa context for one keyed GET, as the HTTP server would build it, with the headers the
 * middleware before this one set (so the quota's are not the first), on a connection.
 */
function context(authorization: string, socket: Duplex): Koa.Context {
  const req = new IncomingMessage(socket as never);
  req.method = 'GET';
  req.url = '/v1/categories';
  req.headers = { host: '127.0.0.1', authorization };
  const res = new ServerResponse(req);
  res.assignSocket(socket as never);
  res.setHeader('X-Request-Id', 'bench');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Vary', 'Accept-Encoding');
  return app.createContext(req, res);
}

/**
 * After the middleware: the answer written as Koa writes a cached one, so Node builds, validates
 * and writes the quota's headers too (the part of their cost that setting them does not show).
 */
function respond(ctx: Koa.Context, socket: Duplex): void {
  const res = ctx.res;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('ETag', '"abcdefghijklmnopqrstuvwxyz0"');
  res.setHeader('Content-Length', BODY.length);
  res.end(BODY);
  res.detachSocket(socket as never);
}

/** Redis script calls so far (the lease refills and any request counted one by one). */
async function scriptCalls(redis: Redis): Promise<number> {
  const info = await redis.info('commandstats');
  return [...info.matchAll(/cmdstat_(?:evalsha|eval):calls=(\d+)/g)].reduce((n, m) => n + Number(m[1]), 0);
}

const next = (): Promise<void> => Promise.resolve();
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * One round of REQUESTS requests through `side`. CPU time covers building the contexts on both
 * sides alike; bytes are the sum of the heap's growth between turns, turns with a collection left
 * out (their growth is not known).
 */
async function round(side: Side, authorization: string, redis: Redis): Promise<RoundFigures> {
  const scriptsBefore = await scriptCalls(redis);
  let grown = 0;
  let measured = 0;
  const pending: Promise<void>[] = new Array<Promise<void>>(PER_TURN);
  const cpuBefore = process.cpuUsage();
  for (let done = 0; done < REQUESTS; done += PER_TURN) {
    await turn();
    const heapBefore = getHeapStatistics().used_heap_size;
    for (let i = 0; i < PER_TURN; i += 1) {
      const ctx = context(authorization, sockets[i]!);
      pending[i] = (side.guard(ctx, next) as Promise<void>).then(() => respond(ctx, sockets[i]!));
    }
    await Promise.all(pending);
    const growth = getHeapStatistics().used_heap_size - heapBefore;
    if (growth > 0) {
      grown += growth;
      measured += PER_TURN;
    }
  }
  const cpu = process.cpuUsage(cpuBefore);
  const requests = Math.ceil(REQUESTS / PER_TURN) * PER_TURN;
  return {
    ns: (1000 * (cpu.user + cpu.system)) / requests,
    bytes: grown / Math.max(1, measured),
    scripts: (1000 * ((await scriptCalls(redis)) - scriptsBefore)) / requests,
  };
}

/** Samples every allocation `work` makes (also those collected since) into `file`. */
async function writeAllocationProfile(file: string, work: () => Promise<unknown>): Promise<void> {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 256,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  await work();
  const { profile } = await session.post('HeapProfiler.stopSampling');
  writeFileSync(file, JSON.stringify(profile));
  session.disconnect();
}

async function main(): Promise<void> {
  const opensearch = createOpenSearchClient({ url: OS_URL, requestTimeoutMs: 30_000, maxRetries: 2 });
  const redis = createRedis(REDIS_URL);
  const names = indexNames(PREFIX);
  await migrateIndices(opensearch, names, { kinds: ['api_keys'] });
  const repo = new ApiKeyRepository(opensearch, names.api_keys);
  const { key } = await createApiKey(
    { repo, hashSecret: '', redis, keyPrefix: PREFIX },
    { name: 'quota-path bench', perMinute: 1_000_000_000, perDay: 1_000_000_000 },
  );
  const authorization = `Bearer ${key}`;
  // One quota service for both sides, as one API process has.
  const quotas = new QuotaService(redis, PREFIX);
  const sideFor = (name: string, enabled: string): Side => {
    const config = loadConfig({
      ...process.env,
      OPENSEARCH_INDEX_PREFIX: PREFIX,
      REDIS_KEY_PREFIX: PREFIX,
      API_KEY_HASH_SECRET: '',
      API_QUOTAS_ENABLED: enabled,
    });
    const verifier = new KeyVerifier({
      repo,
      redis,
      keyPrefix: PREFIX,
      hashSecret: config.keys.hashSecret,
      cacheTtlSeconds: config.keys.cacheTtlSeconds,
    });
    const lastUsed = new LastUsedRecorder(repo, silentLogger);
    return { name, guard: quotaMiddleware({ config, logger: silentLogger, redis, quotas, verifier, lastUsed }).guard };
  };
  const sides = [sideFor('on', 'true'), sideFor('off', 'false')];
  for (const side of sides) await round(side, authorization, redis); // warm-up: JIT, verifier cache, lease
  const figures = new Map<Side, RoundFigures[]>(sides.map((s) => [s, []]));
  for (let i = 0; i < ROUNDS; i += 1) {
    for (const side of i % 2 === 0 ? sides : [...sides].reverse()) {
      figures.get(side)!.push(await round(side, authorization, redis));
    }
  }
  const profile = process.env.BENCH_QUOTA_PROFILE;
  for (const side of profile ? sides : []) {
    await writeAllocationProfile(`${profile}.${side.name}.heapprofile`, () => round(side, authorization, redis));
  }
  const of = (side: Side, k: keyof RoundFigures): number => median(figures.get(side)!.map((f) => f[k]));
  const [on, off] = sides as [Side, Side];
  const lines = [
    `quota path: ${ROUNDS} rounds x ${REQUESTS} requests per side, ${PER_TURN} per turn; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
    '',
    '| side | CPU ns/request | bytes allocated/request | Redis script calls/1000 requests |',
    '|---|---:|---:|---:|',
    ...sides.map(
      (s) =>
        `| ${s.name} | ${of(s, 'ns').toFixed(0)} | ${of(s, 'bytes').toFixed(0)} | ${of(s, 'scripts').toFixed(2)} |`,
    ),
    '',
    `counting costs ${(of(on, 'ns') - of(off, 'ns')).toFixed(0)} ns of CPU and ${(of(on, 'bytes') - of(off, 'bytes')).toFixed(0)} bytes per request (on - off; medians of ${ROUNDS} rounds)`,
    '',
  ];
  process.stdout.write(lines.join('\n'));
  await quotas.close();
  await opensearch.indices.delete({ index: `${PREFIX}-*`, expand_wildcards: 'all' }).catch(() => undefined);
  await opensearch.close();
  redis.disconnect();
}

await main();
