/**
 * Scores soaks kept with SOAK_KEEP=1 (soak.bench.ts) up to a clock: the UCI reports up to `until`
 * (the clock of the last run each soak finished; stop a soak while its next run is under way, so
 * nothing after it is written) beside one batch detection run over them (soak-quality.ts).
 * SOAK_BATCH_PREFIX names the indices of a batch run made before at the same clock (kept with
 * SOAK_KEEP=1): it is scored instead of run again. No soak prefix: the batch run alone.
 * Run: node --import tsx test/bench/soak-score.ts <until ISO> [soak prefix...] with OPENSEARCH_URL/REDIS_URL
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { randomBytes } from 'node:crypto';
import { createOpenSearchClient, indexNames } from '@trendscope/core';
import { loadUci } from '@trendscope/pipeline/lab/corpus/uci.corpus';
import { BENCH_OPENSEARCH_URL } from './bench-services';
import { printSoakQuality } from './soak-quality';
import { keepsSoakIndices, reportsOf } from './soak-reports';

const [untilIso, ...prefixes] = process.argv.slice(2);
if (!untilIso) throw new Error('usage: soak-score.ts <until ISO> [soak prefix...]');
const until = new Date(untilIso);
const seen = loadUci()
  .filter((r) => r.timestamp <= until.getTime())
  .flatMap((r) => reportsOf(r))
  .sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : 1));
const client = createOpenSearchClient({ url: BENCH_OPENSEARCH_URL, requestTimeoutMs: 300_000, maxRetries: 2 });
const given = process.env.SOAK_BATCH_PREFIX;
const batchPrefix = given ?? `soak-score-${randomBytes(3).toString('hex')}`;
try {
  await printSoakQuality(
    client,
    prefixes.map((p) => ({ name: p, articles: indexNames(p).articles })),
    seen,
    until,
    batchPrefix,
    given === undefined,
  );
} finally {
  if (!keepsSoakIndices() && given === undefined)
    await client.indices.delete({ index: `${batchPrefix}-*`, expand_wildcards: 'all' }).catch(() => undefined);
  await client.close();
}
