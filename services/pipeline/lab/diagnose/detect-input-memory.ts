/**
 * What a detection run holds before it clusters, against a kept index set (a soak's, SOAK_KEEP=1):
 * reads the run's input at clock NOW as runDetect does (loadDetectInput: the open trends' compact
 * states, the new reports, the closed trends they name), then the stored documents of the trends
 * whose velocity moves with the clock (as clusterRun does), and prints the counts with the heap each
 * keeps after a full GC, so the memory per open trend and per new report can be told apart
 * (PIPELINE_DETECT_MAX_NEW_REPORTS=100 keeps the new reports' share small).
 * Run: node --expose-gc --import tsx services/pipeline/lab/diagnose/detect-input-memory.ts <prefix> <now ISO>
 * (OPENSEARCH_URL, else 127.0.0.1:OS_PORT). Reads only.
 */
import '@trendscope/core/require-project-node';
import { createLogger, createOpenSearchClient, indexNames, loadConfig } from '@trendscope/core';
import { loadTrendDocs } from '../../src/detect/detect.repository';
import { loadDetectInput } from '../../src/detect/detect-load';
import { detectSettings } from '../../src/detect/run-detect';

const [prefix, nowIso] = process.argv.slice(2);
if (!prefix || !nowIso) throw new Error('usage: detect-input-memory.ts <index prefix> <now ISO>');
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const config = loadConfig({ ...process.env, OPENSEARCH_INDEX_PREFIX: prefix });
const opensearch = createOpenSearchClient({ url: config.opensearch.url, requestTimeoutMs: 300_000, maxRetries: 2 });
const names = indexNames(prefix);
const settings = detectSettings({ now: new Date(nowIso), maxNewReports: config.pipeline.detectMaxNewReports });
const logger = createLogger({ level: 'silent', name: 'detect-input-memory' });

const heap = (): number => {
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};
const before = heap();
const input = await loadDetectInput({ opensearch, names, logger }, settings);
const held = heap() - before;
// The whole stored documents of the trends whose velocity moves with the clock (clusterRun reads them).
const stored = await loadTrendDocs(opensearch, names, [...input.refreshing]);
const storedHeld = heap() - before - held;
const terms = [...input.states.values()].reduce((s, t) => s + Object.keys(t.terms).length, 0);
process.stdout.write(
  `${prefix} at ${nowIso}: ${input.active.length} open trends (${input.states.size} states, ${terms} centroid terms), ` +
    `${input.unassigned.length} new reports, ${input.archived.length} closed trends named; ` +
    `heap held ${held.toFixed(1)} MB (before ${before.toFixed(1)} MB); ${stored.size} stored documents of ` +
    `refreshing trends ${storedHeld.toFixed(1)} MB more\n`,
);
// Kept alive until measured: the heap figure is what the input holds.
if (input.known.size + stored.size < 0) process.stdout.write('\n');
await opensearch.close();
