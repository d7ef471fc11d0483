/**
 * CPU of detection runs in a row in one process, as a long-lived worker runs them: RUNS runs (3 by
 * default) at clock NOW against an index set (created when missing), each with its CPU time, wall
 * time and the process's peak RSS, so the first run's one-off loads (models, tables) can be told
 * from what every run pays. Against an empty index set each run is an empty run.
 * Run: node --import tsx services/pipeline/lab/diagnose/detect-run-cpu.ts <prefix> <now ISO>
 * (OPENSEARCH_URL/REDIS_URL, else the configured ones). Writes what runDetect writes.
 */
import '@trendscope/core/require-project-node';
import { atMost, readCommandLine } from '../command-line';
import { createLogger, loadConfig, migrateIndices } from '@trendscope/core';
import { configuredDetectOptions, openDetectServices } from '../../src/detect/detect-process';
import { runDetect } from '../../src/detect/run-detect';

const [prefix, nowIso] = readCommandLine(
  'detect-run-cpu.ts <index prefix> <now ISO> (RUNS=3: the detection runs timed)',
  {},
  ({ positionals }) => {
    const [p, now] = atMost(2, positionals);
    if (!p || !now) throw new Error('an index prefix and a time are needed');
    if (Number.isNaN(Date.parse(now))) throw new Error(`not a time: ${now}`);
    return [p, now] as const;
  },
);
const runs = Number(process.env.RUNS ?? 3);
const config = loadConfig({ ...process.env, OPENSEARCH_INDEX_PREFIX: prefix, REDIS_KEY_PREFIX: prefix });
const services = openDetectServices(config, 300_000);
const { opensearch, names, redis, keyPrefix } = services;
await migrateIndices(opensearch, names);
const logger = createLogger({ level: 'silent', name: 'detect-run-cpu' });
for (let i = 1; i <= runs; i++) {
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const summary = await runDetect(
    { opensearch, names, redis, keyPrefix, logger },
    configuredDetectOptions(config, new Date(nowIso)),
  );
  const cpu = process.cpuUsage(cpu0);
  process.stdout.write(
    `run ${i}: ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU, ${(performance.now() - started).toFixed(0)} ms wall, ` +
      `peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB, ${summary.articles_considered} new, ` +
      `${summary.trends_written} trends written\n`,
  );
}
await services.close();
