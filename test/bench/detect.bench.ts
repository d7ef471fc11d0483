/**
 * Detection speed over UCI headlines: clustering (production defaults) plus building every trend
 * document, for 10,000, 20,000 and 40,000 articles in time order. Prints the time per size and
 * the growth against the 10,000 baseline measured in the same run (linear = 4.0x at 40,000), then
 * the CPU per article of the production defaults against the clustering as it was before the
 * fragment merge (BEFORE_MERGE), both measured in this run. Then what a run of 10,000 articles pays
 * for the sentence encoder (detectEmbeddings: the central headlines and the category voters' texts
 * the committed model reads an embedding of, one batched pass) in CPU per article, and what the
 * same rebuild pays once those embeddings are stored on the articles; `BENCH_EMBED=0` skips it.
 * Run: node --import tsx test/bench/detect.bench.ts
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { loadavg } from 'node:os';
import { loadClassifier } from '@trendscope/pipeline/classify/classifier';
import { buildTrend, type TrendMember } from '@trendscope/pipeline/detect/build-trend';
import { clusterArticles, type ClusterOptions } from '@trendscope/pipeline/detect/cluster';
import { detectEmbeddings } from '@trendscope/pipeline/detect/detect-embeddings';
import { loadEncoder } from '@trendscope/pipeline/embed/embed-texts';
import { backgroundIdf } from '@trendscope/pipeline/detect/idf';
import { simhash } from '@trendscope/pipeline/score/simhash';
import { loadUci } from '@trendscope/pipeline/lab/corpus/uci.corpus';
import { uciDetectArticles } from '@trendscope/pipeline/lab/corpus/detect-articles';
import { median } from '../support/median';

/** Sizes timed (`BENCH_DETECT_SIZES=10000` for one); the first is the growth's baseline and the encoder run's. */
const SIZES = (process.env.BENCH_DETECT_SIZES ?? '10000,20000,40000').split(',').map(Number);
/** Rounds of the before/after CPU comparison at 20,000 (`BENCH_DETECT_ROUNDS=0` skips it). */
const ROUNDS = Number(process.env.BENCH_DETECT_ROUNDS ?? 3);
/** The options before the one-trend-per-story work (no fragment merge, no late-join rule): the baseline of the CPU ratio. */
const BEFORE_MERGE: Partial<ClusterOptions> = {
  mergeThreshold: 0,
  burstDiscount: 0.1,
  threshold: 0.2,
  lateJoinTerms: 0,
  meaningThreshold: 0,
  learnedMerge: false,
};
const idf = backgroundIdf();
const classifier = loadClassifier();
const rows = loadUci().slice(0, Math.max(...SIZES));
const { articles } = uciDetectArticles(rows);
const members = new Map<string, TrendMember>(
  rows.map((r) => [
    `uci-${r.id}`,
    {
      id: `uci-${r.id}`,
      time: r.timestamp,
      url: r.url,
      title: r.title,
      description: null,
      body: null,
      publisher: r.publisher,
      domain: r.hostname.replace(/^www\./, ''),
      author: null,
      published_date: new Date(r.timestamp).toISOString(),
      word_count: 0,
      fetch_method: 'feed',
      language: 'en',
      simhash: simhash(r.title),
      content_retained: false,
    },
  ]),
);
const now = new Date(Math.max(...rows.map((r) => r.timestamp)) + 3_600_000);

/** Milliseconds of CPU (user + system) since `since`: steadier than wall time on a shared machine. */
function cpuMs(since: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
}

/** The trends of the first `n` articles as detection groups them: member lists by trend id. */
function clusterGroups(n: number, options: Partial<ClusterOptions> = {}): Map<string, TrendMember[]> {
  const result = clusterArticles(articles.slice(0, n), [], { now, idf, ...options });
  const groups = new Map<string, TrendMember[]>();
  for (const [a, t] of result.assignments) {
    const list = groups.get(t) ?? [];
    list.push(members.get(a)!);
    groups.set(t, list);
  }
  return groups;
}

function measure(
  n: number,
  options: Partial<ClusterOptions> = {},
): { cluster: number; build: number; trends: number; cpu: number } {
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const groups = clusterGroups(n, options);
  const t1 = process.hrtime.bigint();
  for (const [id, list] of groups) buildTrend(id, list, { now, classifier, idf, domainQuality: new Map() });
  const t2 = process.hrtime.bigint();
  return { cluster: Number(t1 - t0) / 1e6, build: Number(t2 - t1) / 1e6, trends: groups.size, cpu: cpuMs(cpu0) };
}

measure(2_000); // warm-up (JIT)
const results = SIZES.map((n) => ({ n, ...measure(n) }));
const base = results[0]!;
process.stdout.write('detect bench (UCI headlines, production defaults; wall time, and CPU time with its growth)\n');
for (const r of results) {
  const total = r.cluster + r.build;
  process.stdout.write(
    `  ${String(r.n).padStart(6)} articles: cluster ${r.cluster.toFixed(0)} ms + build ${r.build.toFixed(0)} ms = ` +
      `${total.toFixed(0)} ms wall (${r.trends} trends); CPU ${r.cpu.toFixed(0)} ms ` +
      `(${((r.cpu * 1000) / r.n).toFixed(0)} us/article), x${(r.cpu / base.cpu).toFixed(2)} for ` +
      `x${(r.n / base.n).toFixed(1)} articles\n`,
  );
}

// Alternate the two so that load on the machine hits both alike; medians of three rounds.
const rounds = Array.from({ length: ROUNDS }, () => ({
  before: measure(20_000, BEFORE_MERGE).cpu,
  after: measure(20_000).cpu,
}));
const before = median(rounds.map((r) => r.before));
const after = median(rounds.map((r) => r.after));
if (ROUNDS > 0) {
  process.stdout.write(
    `  CPU per article at 20,000 (cluster + build), median of 3: before the fragment merge ` +
      `${((before * 1000) / 20_000).toFixed(0)} us, now ${((after * 1000) / 20_000).toFixed(0)} us: ` +
      `x${(after / before).toFixed(2)} (target <= x1.5)\n`,
  );
}

/**
 * The sentence encoder's share of a detection run that rebuilds every trend of 10,000 articles: the
 * texts detectEmbeddings embeds (central headlines, and the voters' texts the committed category
 * model reads an embedding of), its CPU per article, against the cluster + build CPU above; then
 * the same rebuild again with the compact embeddings the first run stored on the articles, as a
 * later run that rebuilds those trends reads them.
 */
async function embeddingCost(n: number, clusterAndBuildMs: number): Promise<void> {
  const groups = [...clusterGroups(n).values()];
  await loadEncoder(); // the session loads once per process, not per run
  let texts = 0;
  const counting = {
    needsEmbedding: (text: string) => {
      const needed = classifier.needsEmbedding(text);
      if (needed) texts++;
      return needed;
    },
  };
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const { fresh } = await detectEmbeddings(groups, idf, counting, { warn: () => undefined });
  const cpu = cpuMs(cpu0);
  process.stdout.write(
    `  sentence encoder per run of ${n} articles (${groups.length} trends, all rebuilt): ${texts} voter texts ` +
      `+ central headlines embedded, CPU ${cpu.toFixed(0)} ms (${((cpu * 1000) / n).toFixed(0)} us/article), ` +
      `${((performance.now() - t0) / 1000).toFixed(1)} s wall; cluster + build without it ${clusterAndBuildMs.toFixed(0)} ms CPU ` +
      `(load average ${loadavg()[0]!.toFixed(1)})\n`,
  );
  const stored = groups.map((list) => list.map((m) => ({ ...m, detect_embeddings: fresh.get(m.id) })));
  const cpu1 = process.cpuUsage();
  const again = await detectEmbeddings(stored, idf, classifier, { warn: () => undefined });
  const reread = cpuMs(cpu1);
  process.stdout.write(
    `  the same rebuild from the embeddings stored on the articles: ${again.fresh.size} articles embedded, ` +
      `CPU ${reread.toFixed(0)} ms (${((reread * 1000) / n).toFixed(0)} us/article)\n`,
  );
}

if (process.env.BENCH_EMBED !== '0') await embeddingCost(base.n, base.cpu);
