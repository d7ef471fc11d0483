/**
 * Joins into a trend of one report: every trend's second report in the clustering pass (the
 * fragment merge off, so the pass's own joins), with the terms it shares with the founding report,
 * the pass's similarity, the two headlines' meaning (GloVe, headline-meaning.ts), whether the event
 * kinds read in the two headlines (event-kinds.ts) agree, differ or are unknown (one has none), and
 * whether the two are one story by the labels corrected by reading (corrected-gold.ts). Counts by
 * shared terms and meaning, then by shared terms and kinds, per set; `--list` prints the joins of
 * one shared term. `--sheet FILE` writes those joins as a reading sheet (set, the two article ids,
 * the gold id and its size, the shared term, the gap, the labels' verdict, the two headlines and
 * other headlines of the gold story, so a reader can tell which report is the odd one, and the
 * second report's gold id) with no
 * measure of meaning on it; `--encoder` adds the sentence encoder's cosine of the two headlines
 * (the embeddings the story rejoin and topics read, embed-texts.ts) to the list, and it and the
 * GloVe meaning to the sheet. `--readings FILE` (with `--encoder`; the verdicts of such a sheet read
 * by hand, data/story-joins/lone-joins-read.tsv) counts the read joins by encoder and by GloVe
 * cosine band and verdict, over the sets given, and the read ones below each candidate floor.
 * Run: node --import tsx services/pipeline/lab/diagnose/lone-trend-joins.ts [set keys, comma-separated] [--list] [--sheet FILE] [--encoder] [--readings FILE]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { readFileSync, writeFileSync } from 'node:fs';
import { LIST_OPTION, readCommandLine, setsAndList } from '../command-line';
import { clusterArticles } from '../../src/detect/cluster';
import { defaultHeadlineMeaning } from '../../src/detect/headline-meaning';
import { backgroundIdf } from '../../src/detect/idf';
import { articleVector, dot } from '../../src/detect/term-vector';
import { dot as denseDot } from '../../src/text/word-vectors';
import { eventKinds } from '../../src/detect/event-kinds';
import { correctLabels } from '../metrics/corrected-gold';
import { CLUSTER_SET_KEYS, CLUSTER_SETS, FIGURES_NOW } from '../corpus/cluster-sets';
import { embeddingCosine, embeddingLookup } from '../../src/embed/embed-texts';
import { normaliseText } from '../../src/text/normalise-text';

const { wanted, list, sheet, encoder, readings } = readCommandLine(
  'lone-trend-joins.ts [set keys, comma-separated] [--list] [--sheet FILE] [--encoder] [--readings FILE]',
  {
    ...LIST_OPTION,
    sheet: { type: 'string' },
    encoder: { type: 'boolean', default: false },
    readings: { type: 'string' },
  },
  (line) => ({
    ...setsAndList(CLUSTER_SET_KEYS)(line),
    sheet: line.values.sheet,
    encoder: line.values.encoder || line.values.readings !== undefined,
    readings: line.values.readings,
  }),
);
const sheetRows: string[] = [
  [
    'set',
    'first',
    'second',
    'gold',
    'gold size',
    'term',
    'idf',
    'gap s',
    'labels',
    ...(encoder ? ['encoder', 'glove'] : []),
    'first headline',
    'second headline',
    'other headlines of the gold story',
    'second gold',
  ].join('\t'),
];
const clean = (t: string): string => t.replace(/\s+/g, ' ').trim();
/** Read verdicts by set, first and second article ("one story", "two stories", "unsettled"). */
const verdicts = new Map<string, string>();
if (readings) {
  const [header, ...lines] = readFileSync(readings, 'utf8').split('\n').filter(Boolean);
  const cols = header!.split('\t');
  const [s, a, b, v] = ['set', 'first', 'second', 'verdict'].map((c) => cols.indexOf(c));
  for (const line of lines) {
    const f = line.split('\t');
    verdicts.set(`${f[s!]} ${f[a!]} ${f[b!]}`, f[v!]!);
  }
}
const VERDICTS = ['one story', 'two stories', 'unsettled'];
const BANDS = [0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6];
const FLOORS = [0.15, 0.2, 0.25, 0.3, 0.35];
/** Read joins: [encoder cosine, GloVe cosine, verdict]. */
const readJoins: [number, number, string][] = [];
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
  const byGold = new Map<string, string[]>();
  for (const [id, g] of gold) byGold.set(g, [...(byGold.get(g) ?? []), id]);
  const pairs = [...members.values()]
    .filter((ids) => ids.length >= 2)
    .map((ids) => [byId.get(ids[0]!)!, byId.get(ids[1]!)!]);
  const embed = encoder ? await embeddingLookup(pairs.flat().map((a) => normaliseText(a.title))) : undefined;
  const encoderCosine = (a: { title: string }, b: { title: string }): number | undefined => {
    const [x, y] = [embed?.(normaliseText(a.title)), embed?.(normaliseText(b.title))];
    return x && y ? embeddingCosine(x, y) : undefined;
  };
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
    const enc = encoderCosine(first, second);
    const verdict = verdicts.get(`${set.key} ${first.id} ${second.id}`);
    if (verdict && enc !== undefined && shared.length === 1) readJoins.push([enc, m, verdict]);
    if (sheet && shared.length === 1) {
      const g = gold.get(first.id)!;
      const others = (byGold.get(g) ?? []).filter((id) => id !== first.id && id !== second.id);
      sheetRows.push(
        [
          set.key,
          first.id,
          second.id,
          g,
          String((byGold.get(g) ?? []).length),
          shared[0]!,
          idf(shared[0]!).toFixed(1),
          String(Math.round((second.time - first.time) / 1000)),
          same ? 'one' : 'two',
          ...(encoder ? [enc === undefined ? '' : enc.toFixed(3), m.toFixed(3)] : []),
          clean(first.title),
          clean(second.title),
          others
            .slice(0, 4)
            .map((id) => clean(byId.get(id)?.title ?? id))
            .join(' | '),
          gold.get(second.id)!,
        ].join('\t'),
      );
    }
    if (list && shared.length === 1) {
      lines.push(
        `  ${same ? 'same ' : 'OTHER'} ${enc === undefined ? '' : `enc ${enc.toFixed(2)} `}${m.toFixed(2)} ${sim.toFixed(3)} ${(second.time - first.time) / 1000}s [${shared.join(' ')} ${idf(shared[0]!).toFixed(1)}] kinds ${kinds} ` +
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
if (sheet) writeFileSync(sheet, `${sheetRows.join('\n')}\n`);
if (readings) {
  const row = (cells: (string | number)[]): string => `| ${cells.join(' | ')} |\n`;
  const bandName = (i: number): string =>
    i === 0 ? `< ${BANDS[0]}` : i === BANDS.length ? `>= ${BANDS.at(-1)}` : `${BANDS[i - 1]}-${BANDS[i]}`;
  for (const [name, at] of [
    ['encoder', 0],
    ['GloVe', 1],
  ] as const) {
    process.stdout.write(
      `\n${row([`${name} cosine`, ...VERDICTS, 'two of one + two'])}${row(Array<string>(5).fill('---'))}`,
    );
    for (let i = 0; i <= BANDS.length; i++) {
      const inBand = readJoins.filter(
        (r) => (i === 0 || r[at] >= BANDS[i - 1]!) && (i === BANDS.length || r[at] < BANDS[i]!),
      );
      const n = VERDICTS.map((v) => inBand.filter((r) => r[2] === v).length);
      process.stdout.write(row([bandName(i), ...n, n[0]! + n[1]! > 0 ? (n[1]! / (n[0]! + n[1]!)).toFixed(2) : '-']));
    }
  }
  process.stdout.write(
    `\n${row(['encoder floor', ...VERDICTS.map((v) => `${v} below`), ...VERDICTS.slice(0, 2).map((v) => `${v} at or above`)])}`,
  );
  process.stdout.write(row(Array<string>(6).fill('---')));
  for (const f of FLOORS) {
    const count = (v: string, below: boolean): number =>
      readJoins.filter((r) => r[2] === v && r[0] < f === below).length;
    process.stdout.write(
      row([f, ...VERDICTS.map((v) => count(v, true)), ...VERDICTS.slice(0, 2).map((v) => count(v, false))]),
    );
  }
}
