/**
 * The benches' own OpenSearch and Redis: infra/local/bench.sh starts them (BENCH_OS_PORT,
 * BENCH_REDIS_PORT) and exports both URLs; the defaults are its default ports.
 */
export const BENCH_OPENSEARCH_URL = process.env.OPENSEARCH_URL ?? 'http://127.0.0.1:9270';
export const BENCH_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6395';
