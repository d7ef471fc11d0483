/**
 * A second, blind reading of the held-out stories leading two listed trends (docs/lab-notes/trends.md,
 * "A second, blind reading of the held-out stories leading two"). `--sheet FILE --key FILE` writes
 * the sheet: every pair of listed trends one story leads by the corrected labels (repeated-stories.ts),
 * as many pairs the first reader read `different` (read-pairs.tsv, held-out-pairs.tsv, both ids in
 * the set) and `--one-story` pairs read one story that no story leads twice, drawn with a fixed seed,
 * shuffled, each side shown by its central headlines and up to 8 other member headlines with the time
 * between the sides and nothing else; the key (item -> set, source, first verdict, UCI ids) goes to
 * a file of its own, read only once the sheet is. A side of a read pair is the largest listed trend
 * its UCI id leads, else that id's articles in the set. `--join KEY` then sets the second reading
 * (data/story-joins/second-reading.tsv) beside the key: the agreement table, Cohen's kappa, the
 * leading-two pairs' verdicts, the stories still leading two by the second reading and the
 * disagreements. The key of the 2026-12-08 reading (seed 24) is data/story-joins/second-reading-key.tsv.
 * Run: node --import tsx services/pipeline/lab/diagnose/second-reading.ts ['<options as JSON>'] [apr-30,mar2-20,mar2-40] --sheet FILE --key FILE [--one-story 12] [--seed 24]
 *      node --import tsx services/pipeline/lab/diagnose/second-reading.ts --join services/pipeline/data/story-joins/second-reading-key.tsv [--reading FILE]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { atMost, jsonOptions, knownNames, oneNumber, readCommandLine } from '../command-line';
import { DEFAULT_REJOIN_OPTIONS, storyViews } from '../../src/detect/rejoin-stories';
import { backgroundIdf } from '../../src/detect/idf';
import type { DetectArticle } from '../../src/detect/cluster';
import { loadReadings, pairReadings } from '../metrics/corrected-gold';
import { leadingGold } from '../metrics/story-quality';
import {
  drawn,
  foundingOrder,
  itemId,
  otherHeadlines,
  readingAgreement,
  sheetItemText,
  storiesLeadingTwo,
  VERDICTS,
  type KeyedItem,
  type SecondReading,
  type SheetSide,
  type Verdict,
} from '../metrics/second-reading';
import { mulberry32 } from '../train/classifier/train-model';
import { REPO_ROOT } from '../corpus/corpus-path';
import { DEMO_AND_CLUSTER_SET_KEYS } from '../corpus/cluster-sets';
import type { Options } from './story-figures';
import { setArticles } from './story-figures';
import { repeatedStories } from './repeated-stories';

const JOINS_DIR = path.join(REPO_ROOT, 'services', 'pipeline', 'data', 'story-joins');
/** The first reader's pair files the controls are drawn from. */
const CONTROL_FILES = ['read-pairs.tsv', 'held-out-pairs.tsv'].map((f) => path.join(JOINS_DIR, f));
/** The key's columns: `story` (the corrected story a leading-two pair's trends share) and the sides' ids group the pairs by story. */
const KEY_COLUMNS = [
  'item',
  'set',
  'source',
  'first_verdict',
  'basis',
  'story',
  'side_a',
  'side_b',
  'gold_a',
  'gold_b',
  'headline_a',
  'headline_b',
];

const args = readCommandLine(
  "second-reading.ts ['<options as JSON>'] [set keys: apr-30,mar2-20,mar2-40] --sheet FILE --key FILE [--one-story N] [--seed N] | --join KEY [--reading FILE]",
  {
    sheet: { type: 'string' },
    key: { type: 'string' },
    join: { type: 'string' },
    reading: { type: 'string', default: path.join(JOINS_DIR, 'second-reading.tsv') },
    'one-story': { type: 'string', default: '12' },
    seed: { type: 'string', default: '24' },
  },
  ({ values, positionals }) => {
    const [json = '{}', keys = 'apr-30,mar2-20,mar2-40'] = atMost(2, positionals);
    if (!values.join && !(values.sheet && values.key)) throw new Error('give --sheet and --key, or --join');
    return {
      options: jsonOptions<Options>(json),
      wanted: knownNames(keys, DEMO_AND_CLUSTER_SET_KEYS),
      sheet: values.sheet,
      key: values.key,
      join: values.join,
      reading: values.reading,
      oneStory: oneNumber(values['one-story']),
      seed: oneNumber(values.seed),
    };
  },
);

/** One pair drawn for the sheet, before its id is given. */
interface Drawn {
  set: string;
  source: string;
  first: 'one story' | 'two stories';
  basis: string;
  /** The corrected story both sides lead (leading-two pairs), else empty. */
  story: string;
  sideA: string;
  sideB: string;
  goldA: string;
  goldB: string;
  a: SheetSide;
  b: SheetSide;
}

const clean = (text: string): string => text.replace(/\s+/g, ' ').trim();

if (args.join) join(args.join, args.reading);
else await writeSheet(args.sheet!, args.key!);

/** Builds the items of every wanted set, draws the controls, shuffles and writes the sheet and its key. */
async function writeSheet(sheetFile: string, keyFile: string): Promise<void> {
  const random = mulberry32(args.seed);
  const o = { ...DEFAULT_REJOIN_OPTIONS, ...args.options };
  const readingOf = pairReadings();
  const controls = CONTROL_FILES.flatMap((f) => loadReadings(f));
  const leading: Drawn[] = [];
  const different: Drawn[] = [];
  const oneStory: Drawn[] = [];
  const seenPairs = new Set<string>();
  const pairKey = (x: string, y: string): string => [x, y].sort().join(' ');
  for (const set of args.wanted) {
    const { byId, listed, groups } = await repeatedStories(set, args.options, o);
    const { gold } = setArticles(set);
    const members = (ids: readonly string[]): DetectArticle[] => ids.map((id) => byId.get(id)!);
    // Each side by id: a listed trend's members, or a UCI id's articles in the set.
    const sides = new Map<string, DetectArticle[]>();
    const lead = new Map(listed.map((d) => [d.trend.id, leadingGold(d)]));
    for (const d of listed) sides.set(d.trend.id, members(d.ids ?? []));
    const byLead = new Map<string, string>();
    for (const d of [...listed].sort((x, y) => y.trend.article_count - x.trend.article_count))
      if (!byLead.has(lead.get(d.trend.id)!)) byLead.set(lead.get(d.trend.id)!, d.trend.id);
    const articlesOf = new Map<string, string[]>();
    for (const [id, g] of gold) articlesOf.set(g, [...(articlesOf.get(g) ?? []), id]);
    const sideOf = (g: string): string => {
      const trend = byLead.get(g);
      if (trend) return trend;
      sides.set(`uci:${g}`, members(articlesOf.get(g)!));
      return `uci:${g}`;
    };
    const pending: { source: string; first: Drawn['first']; basis: string; story: string; x: string; y: string }[] = [];
    const leadingPairs = new Set<string>();
    for (const [story, ds] of groups)
      for (let i = 0; i < ds.length; i++)
        for (let j = i + 1; j < ds.length; j++) {
          const [x, y] = [ds[i]!.trend.id, ds[j]!.trend.id];
          const [gx, gy] = [lead.get(x)!, lead.get(y)!];
          const direct = readingOf(gx, gy);
          const basis =
            direct === 'same UCI story' || direct === 'one story'
              ? direct
              : direct === 'two stories'
                ? 'read two stories, merged through other readings'
                : 'merged through other readings';
          leadingPairs.add(pairKey(x, y));
          pending.push({ source: 'leading two', first: 'one story', basis, story, x, y });
        }
    for (const r of controls) {
      if (!articlesOf.has(r.a) || !articlesOf.has(r.b) || r.a === r.b) continue;
      if (seenPairs.has(pairKey(r.a, r.b))) continue;
      seenPairs.add(pairKey(r.a, r.b));
      const [x, y] = [sideOf(r.a), sideOf(r.b)];
      if (leadingPairs.has(pairKey(x, y))) continue;
      const first = r.oneStory ? 'one story' : 'two stories';
      pending.push({
        source: r.oneStory ? 'control: read one story' : 'control: read different',
        first,
        basis: 'read',
        story: '',
        x,
        y,
      });
    }
    const views = new Map(
      storyViews(sides, backgroundIdf(), { ...o, rejoinMinArticles: 1, rejoinAtOnceMinArticles: 1 }).map((v) => [
        v.id,
        v,
      ]),
    );
    const sheetSide = (id: string): SheetSide => {
      const v = views.get(id)!;
      return { ...v, others: otherHeadlines(sides.get(id)!, v.central) };
    };
    const goldOf = (id: string): string => (id.startsWith('uci:') ? id.slice(4) : lead.get(id)!);
    for (const p of pending) {
      const item: Drawn = {
        set,
        source: p.source,
        first: p.first,
        basis: p.basis,
        story: p.story,
        sideA: p.x,
        sideB: p.y,
        goldA: goldOf(p.x),
        goldB: goldOf(p.y),
        a: sheetSide(p.x),
        b: sheetSide(p.y),
      };
      (p.source === 'leading two' ? leading : p.first === 'one story' ? oneStory : different).push(item);
    }
    process.stdout.write(
      `${set}: ${leading.length} leading-two pairs so far; ${different.length} read-different and ${oneStory.length} read-one-story pairs to draw from\n`,
    );
  }
  const items = drawn(
    [...leading, ...drawn(different, leading.length, random), ...drawn(oneStory, args.oneStory, random)],
    Infinity,
    random,
  );
  const sheet = items.map((d, i) => sheetItemText(itemId(i), d.a, d.b));
  writeFileSync(
    sheetFile,
    `# Second reading: ${items.length} pairs. For each, one story / two stories / unsettled ` +
      `(services/pipeline/data/story-joins/README.md) and a one-line reason.\n\n${sheet.join('\n')}`,
  );
  const keyRows = items.map((d, i) => {
    const { earlier, later } = foundingOrder(d.a, d.b);
    const [ga, gb, sa, sb] =
      earlier === d.a ? [d.goldA, d.goldB, d.sideA, d.sideB] : [d.goldB, d.goldA, d.sideB, d.sideA];
    const row = [itemId(i), d.set, d.source, d.first, d.basis, d.story, sa, sb, ga, gb];
    return [...row, earlier.central[0] ?? '', later.central[0] ?? ''].map(clean).join('\t');
  });
  writeFileSync(keyFile, `${KEY_COLUMNS.join('\t')}\n${keyRows.join('\n')}\n`);
  process.stdout.write(
    `sheet ${sheetFile}: ${items.length} items (${leading.length} leading two, ${Math.min(leading.length, different.length)} ` +
      `read different, ${Math.min(args.oneStory, oneStory.length)} read one story); key ${keyFile}\n`,
  );
}

/** Rows of a TSV file by its header's column names. */
function tsvRows(file: string): Record<string, string>[] {
  const [header, ...lines] = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const cols = header!.split('\t');
  return lines.map((line) => {
    const f = line.split('\t');
    return Object.fromEntries(cols.map((c, i) => [c, f[i] ?? '']));
  });
}

/** The second reading beside the key: agreement table, kappa, the leading-two pairs' verdicts, disagreements. */
function join(keyFile: string, readingFile: string): void {
  const keyRows = tsvRows(keyFile);
  const key: KeyedItem[] = keyRows.map((r) => ({
    item: r.item!,
    source: r.source!,
    first: r.first_verdict as KeyedItem['first'],
  }));
  const second: SecondReading[] = tsvRows(readingFile).map((r) => ({ item: r.item!, verdict: r.verdict as Verdict }));
  const reasons = new Map(tsvRows(readingFile).map((r) => [r.item!, r.reason ?? '']));
  const byItem = new Map(keyRows.map((r) => [r.item!, r]));
  const a = readingAgreement(key, second);
  const w = (s: string): void => void process.stdout.write(`${s}\n`);
  w(`first \\ second     ${VERDICTS.map((v) => v.padStart(12)).join('')}`);
  for (const [first, row] of Object.entries(a.counts))
    w(`${first.padEnd(18)} ${VERDICTS.map((v) => String(row[v]).padStart(12)).join('')}`);
  w(`settled by both ${a.settled}, agreed ${a.agreed}, Cohen's kappa (one / two) ${a.kappa.toFixed(3)}`);
  // The first reader's own verdicts: a leading-two pair's only when that pair itself was read one story.
  const direct = new Set(keyRows.filter((k) => k.basis === 'read' || k.basis === 'one story').map((k) => k.item!));
  const d = readingAgreement(
    key.filter((k) => direct.has(k.item)),
    second.filter((r) => direct.has(r.item)),
  );
  w(
    `the first reader's own verdicts (${direct.size} items): settled by both ${d.settled}, agreed ${d.agreed}, ` +
      `Cohen's kappa ${d.kappa.toFixed(3)}`,
  );
  for (const [source, row] of a.bySource)
    w(`  ${source.padEnd(26)} ${VERDICTS.map((v) => `${v} ${row[v]}`).join(', ')}`);
  const basis = new Map<string, Record<Verdict, number>>();
  for (const r of keyRows.filter((k) => k.source === 'leading two')) {
    const row = basis.get(r.basis!) ?? { 'one story': 0, 'two stories': 0, unsettled: 0 };
    row[second.find((s) => s.item === r.item)!.verdict]++;
    basis.set(r.basis!, row);
  }
  for (const [b, row] of basis) w(`  leading two, ${b.padEnd(40)} ${VERDICTS.map((v) => `${v} ${row[v]}`).join(', ')}`);
  // Stories leading two: every pair joined (the first reading), joined when read one story, or unless read two.
  const leadingRows = keyRows.filter((k) => k.source === 'leading two');
  const verdictOf = new Map(second.map((s) => [s.item, s.verdict]));
  const stories = (joined: (v: Verdict) => boolean, set?: string): number =>
    storiesLeadingTwo(
      leadingRows
        .filter((k) => set === undefined || k.set === set)
        .map((k) => ({
          group: `${k.set} ${k.story}`,
          a: k.side_a!,
          b: k.side_b!,
          joined: joined(verdictOf.get(k.item!)!),
        })),
    );
  for (const set of [...new Set(leadingRows.map((k) => k.set!)), undefined])
    w(
      `  stories leading two ${(set ?? 'all').padEnd(8)} first reading ${stories(() => true, set)}, ` +
        `second: read one story ${stories((v) => v === 'one story', set)}, ` +
        `unless read two stories ${stories((v) => v !== 'two stories', set)}`,
    );
  w('disagreements:');
  for (const d of a.disagreements) {
    const r = byItem.get(d.item)!;
    w(`  ${d.item} ${r.set} ${d.source} (${r.basis}): first ${d.first}, second ${d.second} - ${reasons.get(d.item)}`);
    w(`    A ${r.headline_a}\n    B ${r.headline_b}`);
  }
}
