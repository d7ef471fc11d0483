/**
 * Joins into a trend of one report: every trend's second report in the clustering pass (the
 * fragment merge off, so the pass's own joins), with the terms it shares with the founding report,
 * the pass's similarity, the two headlines' meaning (GloVe, headline-meaning.ts), whether the event
 * kinds read in the two headlines (event-kinds.ts) agree, differ or are unknown (one has none), and
 * whether the two are one story by the labels corrected by reading (corrected-gold.ts). Counts by
 * shared terms and meaning, then by shared terms and kinds, per set; `--list` prints the joins of
 * one shared term.
 * Run: node --import tsx services/pipeline/lab/diagnose/lone-trend-joins.ts [set keys, comma-separated] [--list]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { LIST_OPTION, readCommandLine, setsAndList } from '../command-line';
import { clusterArticles } from '../../src/detect/cluster';
import { defaultHeadlineMeaning } from '../../src/detect/headline-meaning';
import { backgroundIdf } from '../../src/detect/idf';
import { articleVector, dot } from '../../src/detect/term-vector';
import { dot as denseDot } from '../../src/text/word-vectors';
import { eventKinds } from '../../src/detect/event-kinds';
import { correctLabels } from '../metrics/corrected-gold';
import { CLUSTER_SET_KEYS, CLUSTER_SETS, FIGURES_NOW } from '../corpus/cluster-sets';

const { wanted, list } = readCommandLine(
  'lone-trend-joins.ts [set keys, comma-separated] [--list]',
  LIST_OPTION,
  setsAndList(CLUSTER_SET_KEYS),
);
const idf = backgroundIdf();
const meaning = defaultHeadlineMeaning();
const cosine = (a: Float32Array | undefined, b: Float32Array | undefined): number => {
  if (!a || !b) return 0;
  const n = Math.sqrt(denseDot(a, a) * denseDot(b, b));
  return n > 0 ? denseDot(a, b) / n : 0;
};
const MEANING_BANDS = [0.3, 0.5, 0.7];
const band = (m: number): string => {
  const i = MEANING_BANDS.findIndex((b) => m < b);
  return i < 0 ? `>=${MEANING_BANDS.at(-1)}` : `<${MEANING_BANDS[i]}`;
};

for (const set of CLUSTER_SETS) {
  if (!wanted.has(set.key)) continue;
  const { articles, gold } = set.load();
  const read = correctLabels(gold);
  const byId = new Map(articles.map((a) => [a.id, a]));
  const pass = clusterArticles(articles, [], { now: FIGURES_NOW, idf, mergeThreshold: 0 }).assignments;
  const members = new Map<string, string[]>();
  for (const [a, t] of pass) members.set(t, [...(members.get(t) ?? []), a]);
  const counts = new Map<string, [number, number]>();
  const lines: string[] = [];
  for (const ids of members.values()) {
    if (ids.length < 2) continue;
    const [first, second] = [byId.get(ids[0]!)!, byId.get(ids[1]!)!];
    const [va, vb] = [articleVector(first.title, first.text, idf), articleVector(second.title, second.text, idf)];
    const shared = [...vb.keys()].filter((t) => va.has(t));
    const sim = dot(va, vb) / Math.sqrt(dot(va, va) * dot(vb, vb));
    const m = cosine(meaning(first.title), meaning(second.title));
    const same = read.get(first.id) === read.get(second.id);
    const [ka, kb] = [Object.keys(eventKinds(first.title)), Object.keys(eventKinds(second.title))];
    const kinds = ka.length === 0 || kb.length === 0 ? 'unknown' : ka.some((k) => kb.includes(k)) ? 'agree' : 'differ';
    const terms = `${shared.length >= 3 ? '3+' : shared.length} terms`;
    for (const key of [`${terms}, meaning ${band(m)}`, `${terms}, kinds ${kinds}`]) {
      const c = counts.get(key) ?? [0, 0];
      c[same ? 0 : 1]++;
      counts.set(key, c);
    }
    if (list && shared.length === 1) {
      lines.push(
        `  ${same ? 'same ' : 'OTHER'} ${m.toFixed(2)} ${sim.toFixed(3)} ${(second.time - first.time) / 1000}s [${shared.join(' ')} ${idf(shared[0]!).toFixed(1)}] kinds ${kinds} ` +
          `${first.title.slice(0, 70)}  <-  ${second.title.slice(0, 70)}`,
      );
    }
  }
  process.stdout.write(`== ${set.label}: joins into a trend of one report (same / other story, corrected labels)\n`);
  for (const [k, [s, o]] of [...counts].sort((a, b) => a[0].localeCompare(b[0]))) {
    process.stdout.write(`  ${k.padEnd(26)} ${String(s).padStart(5)} / ${String(o).padStart(4)}\n`);
  }
  for (const l of lines.sort()) process.stdout.write(`${l}\n`);
}
