/**
 * Why a story leads two listed trends after detection runs (slice-runs.bench.ts with SLICE_DUMP):
 * for each corrected gold story that is the majority story of two listed stored trends, the
 * trends' sizes, foundings, last reports and parts, and each pair judged by the rejoin's gates on
 * the trends' final members (what one rejoin over the runs' final trends would say).
 * Run: node --import tsx services/pipeline/lab/diagnose/runs-repeats.ts <dump.json> [set key]
 */
import '@trendscope/core/require-project-node';
import { readFileSync } from 'node:fs';
import { isListed, type TrendDoc } from '@trendscope/core';
import { CLUSTER_SETS } from '../corpus/cluster-sets';
import { atMost, knownNames, readCommandLine } from '../command-line';
import { uciDetectArticles } from '../corpus/detect-articles';
import { correctLabels } from '../metrics/corrected-gold';
import { backgroundIdf } from '../../src/detect/idf';
import {
  DEFAULT_REJOIN_OPTIONS,
  KEY_TERMS,
  joiningTest,
  meanEmbedding,
  sizesAllowed,
  storyViews,
} from '../../src/detect/rejoin-stories';
import { dot, sharedTerms, topTerms } from '../../src/detect/term-vector';
import { embeddingLookup } from '../../src/embed/embed-texts';
import { dot as denseDot } from '../../src/text/word-vectors';
import type { DetectArticle } from '../../src/detect/cluster';

const { file, key } = readCommandLine('runs-repeats.ts <dump.json> [set key]', {}, ({ positionals }) => {
  const [file, key = 'apr-30'] = atMost(2, positionals);
  if (file === undefined) throw new Error('the dump file (SLICE_DUMP of slice-runs.bench.ts) is needed');
  return {
    file,
    key: knownNames(
      key,
      CLUSTER_SETS.map((s) => s.key),
    )[0]!,
  };
});
const dump = JSON.parse(readFileSync(file, 'utf8')) as {
  assigned: [string, string][];
  trends: TrendDoc[];
  joins: { run: string; joins: { trends: string[]; articles: number[]; meaning: number; test: string }[] }[];
};
const set = CLUSTER_SETS.find((s) => s.key === key)!;
const { articles, gold } = uciDetectArticles(set.load().uciRows!);
const byId = new Map(articles.map((a) => [a.id, a]));
const read = correctLabels(gold);
const members = new Map<string, DetectArticle[]>();
for (const [a, t] of dump.assigned) if (byId.has(a)) members.set(t, [...(members.get(t) ?? []), byId.get(a)!]);
const trends = dump.trends.filter((t) => members.has(t.id) && isListed(t));
const majority = (id: string): string => {
  const n = new Map<string, number>();
  for (const a of members.get(id)!) n.set(read.get(a.id)!, (n.get(read.get(a.id)!) ?? 0) + 1);
  return [...n].sort((x, y) => y[1] - x[1])[0]![0];
};
const byStory = new Map<string, TrendDoc[]>();
for (const t of trends) byStory.set(majority(t.id), [...(byStory.get(majority(t.id)) ?? []), t]);
const repeats = [...byStory].filter(([, ts]) => ts.length > 1);
const idf = backgroundIdf();
const o = DEFAULT_REJOIN_OPTIONS;
const views = new Map(
  storyViews(new Map(repeats.flatMap(([, ts]) => ts.map((t) => [t.id, members.get(t.id)!] as const))), idf, o).map(
    (v) => [v.id, v],
  ),
);
const embed = await embeddingLookup([...views.values()].flatMap((v) => v.central));
const iso = (ms: number): string => new Date(ms).toISOString().slice(5, 16);
const joinedIn = new Map<string, string[]>();
for (const r of dump.joins)
  for (const j of r.joins)
    for (const id of j.trends)
      joinedIn.set(id, [
        ...(joinedIn.get(id) ?? []),
        `${r.run} ${j.test} ${j.meaning.toFixed(3)} ${j.articles.join('+')}`,
      ]);
process.stdout.write(`${repeats.length} corrected stories leading two listed trends\n`);
for (const [story, ts] of repeats) {
  process.stdout.write(`\n${story}\n`);
  for (const t of ts) {
    const m = members.get(t.id)!;
    const part = t.detect_state?.part;
    process.stdout.write(
      `  ${t.id} n ${m.length} (${m.filter((a) => read.get(a.id) === story).length} of it) ${iso(Date.parse(t.first_seen))} .. ${iso(Date.parse(t.last_seen))}` +
        `${part ? ` part ${iso(part.first_seen)} n ${part.article_count}` : ''} "${t.topic}"\n`,
    );
    for (const c of views.get(t.id)?.central ?? []) process.stdout.write(`      | ${c}\n`);
  }
  const vs = ts
    .map((t) => views.get(t.id))
    .filter((v) => v !== undefined)
    .sort((a, b) => a.first_seen - b.first_seen);
  for (let i = 0; i < vs.length; i++)
    for (let k = i + 1; k < vs.length; k++) {
      const [a, b] = [vs[i]!, vs[k]!];
      const ma = meanEmbedding(a.central.map(embed));
      const mb = meanEmbedding(b.central.map(embed));
      const meaning = ma && mb ? denseDot(ma, mb) : NaN;
      const gap = (b.first_seen - a.last_seen) / 3_600_000;
      process.stdout.write(
        `  pair ${a.id.slice(0, 8)}/${b.id.slice(0, 8)}: gap ${gap.toFixed(1)} h, sizes ${sizesAllowed(a, b, o) ? 'ok' : 'NO'}, ` +
          `cosine ${dot(a.centroid, b.centroid).toFixed(3)}, shared key terms ${sharedTerms(topTerms(a.centroid, KEY_TERMS), topTerms(b.centroid, KEY_TERMS))}, ` +
          `meaning ${meaning.toFixed(3)}, test ${joiningTest(a, b, meaning, o) ?? 'none'}\n`,
      );
    }
}
