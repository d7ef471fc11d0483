/**
 * Which stage of detection put two stories in one trend: the trends of a set after the clustering
 * pass alone (detect/cluster.ts with the fragment merge off), after the fragment merge
 * (merge-fragments.ts) and after the story rejoin (rejoin-stories.ts), each as its members' gold
 * stories, for the final trend holding most of the articles whose headline matches a pattern; and
 * for each pass trend of it, every join replayed on that trend's state of the moment (a trend's
 * state is the sum of its own members so far): similarity, what the trend required, shared terms.
 * `--bodies FILE` replaces each Giveme5W1H text of the demo with a stored body (a served-bodies.ts
 * --offline --dump file), as body-text-trends.ts does.
 * Run: node --import tsx services/pipeline/lab/diagnose/join-stages.ts <set> <headline pattern>[;<pattern>...] ['<clustering options as JSON>'] [--bodies FILE]
 * (the replayed joins read the default options whatever is given)
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { readFileSync } from 'node:fs';
import {
  CENTROID_TERMS,
  clusterArticles,
  DEFAULT_CLUSTER_OPTIONS,
  type ClusterOptions,
  type DetectArticle,
} from '../../src/detect/cluster';
import { fragmentSide, mergeJudge, pairScore } from '../../src/detect/merge-fragments';
import { pairFeatures } from '../../src/detect/merge-features';
import { mergeProbability } from '../../src/detect/merge-model';
import { dot as denseDot } from '../../src/text/word-vectors';
import { requiredSharedTerms, requiredSimilarity } from '../../src/detect/cadence';
import { articleVector, dot, sharedTerms, topTerms, type TermVector } from '../../src/detect/term-vector';
import { backgroundIdf } from '../../src/detect/idf';
import { atMost, jsonOptions, readCommandLine } from '../command-line';
import type { RejoinOptions } from '../../src/detect/rejoin-stories';
import { rejoinedAssignments } from '../evaluate/trends/rejoined';
import { publisherDomain, withoutColumnEditions } from '../evaluate/trends/demo-trends';
import { setArticles } from './story-figures';
import { servedUrlKey } from './served-url-key';
import { loadGiveme } from '../corpus/giveme.corpus';
import { givemeDetectArticles } from '../corpus/detect-articles';
import { shiftOffset } from '../../src/feed-server/shift-to-now';

const { key, patterns, bodies, options } = readCommandLine(
  "join-stages.ts <set> <headline pattern>[;<pattern>...] ['<clustering options as JSON>'] [--bodies FILE]",
  { bodies: { type: 'string' } },
  ({ values, positionals }) => {
    const [set = 'demo', pats = '', json = '{}'] = atMost(3, positionals);
    return {
      key: set,
      patterns: pats.split(';').filter(Boolean),
      bodies: values.bodies,
      options: jsonOptions<Partial<ClusterOptions & RejoinOptions>>(json),
    };
  },
);

const { articles: loaded, gold, uciRows, now } = setArticles(key);
let articles = loaded;
if (bodies) {
  const stored = new Map(
    Object.entries(JSON.parse(readFileSync(bodies, 'utf8')) as Record<string, string>).map(([url, body]) => [
      servedUrlKey(url),
      body,
    ]),
  );
  // As body-text-trends.ts does: the corpus' own description, the stored body for its text.
  const records = loadGiveme().map((r) => ({ ...r, text: stored.get(servedUrlKey(r.url)) ?? '' }));
  const giveme = givemeDetectArticles(records).articles;
  const offset = shiftOffset(
    giveme.map((a) => a.time),
    now.getTime(),
  );
  articles = [
    ...giveme.map((a) => ({ ...a, time: a.time + offset })),
    ...loaded.filter((a) => !gold.get(a.id)?.startsWith('giveme:')),
  ];
}
const clustered = withoutColumnEditions(articles, publisherDomain(uciRows));
const idf = backgroundIdf();
const passResult = clusterArticles(clustered, [], { now, idf, ...options, mergeThreshold: 0 });
const pass = passResult.assignments;
const passStates = new Map(passResult.touched.map((t) => [t.id, t]));
const merged = clusterArticles(clustered, [], { now, idf, ...options }).assignments;
const rejoined = await rejoinedAssignments(clustered, merged, idf, options);
const byId = new Map(clustered.map((a) => [a.id, a]));

const groupsOf = (assign: ReadonlyMap<string, string>): Map<string, string[]> => {
  const out = new Map<string, string[]>();
  for (const [a, t] of assign) out.set(t, [...(out.get(t) ?? []), a]);
  return out;
};
const stages = [
  ['pass', groupsOf(pass)],
  ['merge', groupsOf(merged)],
  ['rejoin', groupsOf(rejoined)],
] as const;
const composition = (ids: readonly string[]): string => {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(gold.get(id) ?? '?', (counts.get(gold.get(id) ?? '?') ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([g, n]) => `${g} ${n}`)
    .join(', ');
};
const day = (t: number): string => new Date(t).toISOString().slice(0, 16);

for (const p of patterns) {
  const re = new RegExp(p, 'i');
  const hits = clustered.filter((a) => re.test(a.title));
  const counts = new Map<string, number>();
  for (const a of hits) counts.set(rejoined.get(a.id)!, (counts.get(rejoined.get(a.id)!) ?? 0) + 1);
  const final = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!final) {
    process.stdout.write(`${p}: no headline\n`);
    continue;
  }
  const members = new Set(stages[2][1].get(final));
  process.stdout.write(`\n== ${p}: final trend ${final}, ${members.size} members: ${composition([...members])}\n`);
  for (const [name, groups] of stages) {
    process.stdout.write(`-- ${name}\n`);
    for (const [t, ids] of groups) {
      if (!ids.some((id) => members.has(id))) continue;
      const list = ids.map((id) => byId.get(id)!).sort((a, b) => a.time - b.time);
      process.stdout.write(
        `  ${t} (${ids.length}; ${day(list[0]!.time)} .. ${day(list.at(-1)!.time)}): ${composition(ids)}\n`,
      );
      if (name === 'pass') for (const line of replayed(list)) process.stdout.write(`      ${line}\n`);
    }
    if (name === 'pass') {
      // The fragment merge's evidence between the largest pass trend of the final one and each other.
      const parts = [...groups]
        .filter(([, ids]) => ids.some((id) => members.has(id)))
        .sort((a, b) => b[1].length - a[1].length)
        .map(([t]) => t);
      for (const other of parts.slice(1))
        process.stdout.write(`  merge evidence ${parts[0]} / ${other}: ${mergeEvidence(parts[0]!, other)}\n`);
    }
  }
}

/**
 * A pass trend's joins replayed in the pass's order: each member against the state its earlier
 * members make (clusterArticles' absorb and similarity with the default options), as
 * "similarity / required, shared terms / required (the terms)"; "founds" for the first.
 */
function replayed(list: readonly DetectArticle[]): string[] {
  const o = DEFAULT_CLUSTER_OPTIONS;
  const ordered = [...list].sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  let centroid: TermVector = new Map();
  const entities = new Map<string, number>();
  const times = { article_count: 0, first_seen: ordered[0]!.time, last_seen: ordered[0]!.time };
  const out: string[] = [];
  for (const a of ordered) {
    const vec = articleVector(a.title, a.text, idf);
    const ents = new Set(a.entities);
    let how = 'founds';
    if (times.article_count > 0) {
      const norm = Math.sqrt(dot(centroid, centroid));
      const termSim = norm > 0 ? dot(vec, centroid) / norm : 0;
      let named = 0;
      for (const e of ents) if (entities.has(e)) named++;
      const sim =
        ents.size === 0 || entities.size === 0
          ? termSim
          : (1 - o.entityWeight) * termSim +
            o.entityWeight * Math.min(1, named / Math.min(ents.size, entities.size, 5));
      const terms = [...vec.keys()].filter((t) => centroid.has(t));
      how =
        `${sim.toFixed(3)} / ${requiredSimilarity(times, a.time, o).toFixed(3)}, ` +
        `${sharedTerms(vec, centroid)} / ${requiredSharedTerms(times, a.time, o)} (${terms.slice(0, 8).join(' ')})`;
    }
    out.push(`${day(a.time)}  ${gold.get(a.id)}  ${a.title.slice(0, 90)}  [${how}]`);
    for (const [t, w] of vec) centroid.set(t, (centroid.get(t) ?? 0) + w);
    if (centroid.size > CENTROID_TERMS * 1.25) centroid = topTerms(centroid, CENTROID_TERMS);
    for (const e of ents) entities.set(e, (entities.get(e) ?? 0) + 1);
    if (entities.size > 60) {
      const kept = [...entities].sort((x, y) => y[1] - x[1]).slice(0, 40);
      entities.clear();
      for (const [e, n] of kept) entities.set(e, n);
    }
    times.article_count++;
    times.first_seen = Math.min(times.first_seen, a.time);
    times.last_seen = Math.max(times.last_seen, a.time);
  }
  return out;
}

/** What the fragment merge reads of two pass trends (end states): centroid cosine, headline-meaning cosine, the learned model's probability, founding gap and the pair's score (>= 1 joins). */
function mergeEvidence(a: string, b: string): string {
  const judge = mergeJudge({ ...DEFAULT_CLUSTER_OPTIONS, ...options }, idf);
  const side = (id: string) => {
    const t = passStates.get(id)!;
    return fragmentSide(
      {
        ...t,
        centroid: new Map(Object.entries(t.terms)),
        meaning: t.meaning ? Float32Array.from(t.meaning) : undefined,
        entities: new Map(Object.entries(t.entities)),
      },
      judge,
    );
  };
  const [x, y] = [side(a), side(b)].sort((p, q) => p.first_seen - q.first_seen) as [
    ReturnType<typeof side>,
    ReturnType<typeof side>,
  ];
  const cosine = dot(x.centroid, y.centroid) / (x.norm * y.norm);
  const meaning = x.meaning && y.meaning ? denseDot(x.meaning, y.meaning) / (x.meaningNorm * y.meaningNorm) : NaN;
  const p = judge.model ? mergeProbability(judge.model, pairFeatures(y, x, idf)) : NaN;
  return (
    `cosine ${cosine.toFixed(3)}, meaning ${meaning.toFixed(3)}, learned p ${p.toFixed(3)} (threshold ${judge.learnedThreshold.toFixed(3)}), ` +
    `founded ${((y.first_seen - x.first_seen) / 1000).toFixed(1)} s apart, score ${pairScore(y, x, judge).toFixed(2)}`
  );
}
