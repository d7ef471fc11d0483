/**
 * The impact model's held-out predictions (the grouped cross-validation of `make impact-model`,
 * with and without the headline embedding) written to a file, and two such files compared by a
 * paired bootstrap over the rated stories: a change to the features or the bounds is judged by the
 * interval of its difference, not by a third decimal (lab notes, business-impact.md).
 * Run: node --import tsx services/pipeline/lab/diagnose/impact-held-out.ts --write FILE
 *      node --import tsx services/pipeline/lab/diagnose/impact-held-out.ts --compare BEFORE AFTER [--resamples N]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { readFileSync, writeFileSync } from 'node:fs';
import { sampleRankCorrelation } from 'simple-statistics';
import { atMost, oneNumber, readCommandLine } from '../command-line';
import { mulberry32 } from '../train/classifier/train-model';
import { crossValidate } from '../train/impact-model/impact-model-file';
import { impactRows, TEXT_COLUMNS } from '../train/impact-model/impact-rows';

/** One rated story's held-out predictions. */
interface HeldOut {
  id: string;
  headline: string;
  mean: number;
  raw: number;
  score: number;
  textRaw: number;
  textScore: number;
}

const USAGE = 'impact-held-out.ts --write FILE | --compare BEFORE AFTER [--resamples N]';
const { values, positionals, resamples } = readCommandLine(
  USAGE,
  {
    write: { type: 'string' },
    compare: { type: 'boolean', default: false },
    resamples: { type: 'string', default: '1000' },
  },
  (line) => {
    if (line.values.compare ? line.positionals.length !== 2 : !line.values.write)
      throw new Error('--write FILE or --compare BEFORE AFTER');
    atMost(2, line.positionals);
    return { ...line, resamples: oneNumber(line.values.resamples) };
  },
);

if (values.write) {
  const rows = await impactRows();
  const full = crossValidate(rows).predictions;
  const text = crossValidate(rows, TEXT_COLUMNS).predictions;
  const out: HeldOut[] = rows.stories.map((s, i) => ({
    id: s.id,
    headline: s.headlines[0] ?? '',
    mean: s.mean,
    raw: full[i]!.raw,
    score: full[i]!.score,
    textRaw: text[i]!.raw,
    textScore: text[i]!.score,
  }));
  writeFileSync(values.write, `${JSON.stringify(out)}\n`);
  process.stdout.write(`wrote ${out.length} stories' held-out predictions to ${values.write}\n`);
} else {
  const read = (file: string): HeldOut[] => JSON.parse(readFileSync(file, 'utf8')) as HeldOut[];
  const [before, after] = [read(positionals[0]!), read(positionals[1]!)];
  if (before.length !== after.length || before.some((b, i) => b.id !== after[i]!.id))
    throw new Error('the two files hold different stories');
  const spearman = (key: 'raw' | 'score' | 'textRaw' | 'textScore') => (r: HeldOut[]) =>
    rho(
      r.map((x) => x[key]),
      r.map((x) => x.mean),
    );
  const error = (key: 'score' | 'textScore') => (r: HeldOut[]) =>
    r.reduce((s, x) => s + Math.abs(x[key] - x.mean), 0) / r.length;
  const measures: [string, (rows: HeldOut[]) => number][] = [
    ['Spearman', spearman('raw')],
    ['served Spearman', spearman('score')],
    ['mean absolute error', error('score')],
    ['text-only Spearman', spearman('textRaw')],
    ['text-only served', spearman('textScore')],
    ['text-only error', error('textScore')],
  ];
  const random = mulberry32(1);
  const n = before.length;
  const draws = Array.from({ length: resamples }, () => Array.from({ length: n }, () => Math.floor(random() * n)));
  for (const [name, measure] of measures) {
    const diffs = draws
      .map((d) => measure(d.map((i) => after[i]!)) - measure(d.map((i) => before[i]!)))
      .sort((a, b) => a - b);
    const at = (q: number): string => diffs[Math.min(diffs.length - 1, Math.floor(q * diffs.length))]!.toFixed(3);
    process.stdout.write(
      `${name.padEnd(20)} ${measure(before).toFixed(3)} -> ${measure(after).toFixed(3)}  ` +
        `difference ${(measure(after) - measure(before)).toFixed(3)}, 95% ${at(0.025)} to ${at(0.975)}\n`,
    );
  }
  process.stdout.write('served scores that move (rated mean, before -> after, text-only before -> after):\n');
  for (const [i, b] of before.entries()) {
    const a = after[i]!;
    if (a.score === b.score && a.textScore === b.textScore) continue;
    const toward =
      Math.abs(a.score - b.mean) < Math.abs(b.score - b.mean) ? 'toward' : a.score === b.score ? '' : 'away';
    process.stdout.write(
      `  ${b.mean.toFixed(2)}  ${b.score} -> ${a.score} ${toward.padEnd(6)} text-only ${b.textScore} -> ${a.textScore}  ${b.id}  ${b.headline}\n`,
    );
  }
}

function rho(a: readonly number[], b: readonly number[]): number {
  return sampleRankCorrelation([...a], [...b]);
}
