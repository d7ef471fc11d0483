/**
 * Whether the block classifier is short of data or short of cues, on trafilatura-eval-dev:
 * - its learning curve: the five folds of `block-folds.ts`, each model fitted on a share (a quarter,
 *   half, three quarters: three seeded draws each) of the training pages of both sets, then of the
 *   dev set's alone (the English benchmark's all kept), the dev pages pooled and scored at the best
 *   threshold pair of a small grid and at the committed 0.5 / 0.8;
 * - the ceiling of judging blocks: the rules' blocks kept or dropped by their own labels (a block
 *   holding only "with" segments kept, only "without" segments dropped, unlabelled ones as the
 *   rules decide), which leaves only what lies outside the chosen content.
 * Run: `node --import tsx services/pipeline/lab/evaluate/block-classifier/learning-curve.ts` (about 40 s).
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, readCommandLine } from '../../command-line';
import { createHash } from 'node:crypto';
import { scoreSegments } from '../extraction/trafilatura-eval';
import { collectTrainingPages, keptText, outOfFold, type PageBlocks } from './block-folds';

readCommandLine('learning-curve.ts', {}, ({ positionals }) => atMost(0, positionals));

const SHARES = [0.25, 0.5, 0.75, 1];
const SEEDS = [1, 2, 3];
const KEEP_BELOW = [0.3, 0.4, 0.5];
const RESCUE_AT = [0.6, 0.7, 0.8, 0.9];

const set = collectTrainingPages();
const devPages = set.dev.map((p) => p.page);
const english = new Set<PageBlocks>(set.english);
const drawn = (id: string, seed: number, share: number): boolean =>
  share >= 1 || (createHash('sha256').update(`${seed}:${id}`).digest()[0] ?? 0) / 256 < share;

/** Pooled dev F1 of out-of-fold probabilities: the best of the grid and the committed pair. */
function devF1(probabilities: Map<PageBlocks, number[]>): { best: number; committed: number } {
  let best = 0;
  let committed = 0;
  for (const keep of KEEP_BELOW)
    for (const rescue of RESCUE_AT) {
      const out: Record<string, string> = {};
      for (const p of set.dev) out[p.raw.id] = keptText(p, probabilities.get(p) ?? [], keep, rescue);
      const f1 = scoreSegments(devPages, out).f1;
      best = Math.max(best, f1);
      if (keep === 0.5 && rescue === 0.8) committed = f1;
    }
  return { best, committed };
}

for (const [drawing, share] of [
  ...SHARES.map((s) => ['both sets', s] as const),
  ...SHARES.slice(0, -1).map((s) => ['dev set', s] as const),
]) {
  const runs = (share >= 1 ? [0] : SEEDS).map((seed) =>
    devF1(outOfFold(set, (p) => (drawing === 'dev set' && english.has(p)) || drawn(p.raw.id, seed, share))),
  );
  const fmt = (v: number) => v.toFixed(4);
  console.log(
    `${drawing}, share ${share}: pooled dev F1 best ${runs.map((r) => fmt(r.best)).join(' / ')}, at 0.5 / 0.8 ${runs.map((r) => fmt(r.committed)).join(' / ')}`,
  );
}

const rules: Record<string, string> = {};
const labelled: Record<string, string> = {};
for (const p of set.dev) {
  rules[p.raw.id] = p.texts.filter((_, i) => !p.ruleDrops[i]).join('\n\n');
  const judged = (i: number): boolean => {
    const label = p.labels[i];
    return label === null || label === undefined ? !p.ruleDrops[i] : label === 1;
  };
  labelled[p.raw.id] = p.texts.filter((_, i) => judged(i)).join('\n\n');
}
for (const [name, out] of [
  ['rules alone', rules],
  ['blocks judged by their labels', labelled],
] as const) {
  const s = scoreSegments(devPages, out);
  console.log(`${name}: dev F1 ${s.f1.toFixed(4)} (text found ${s.tp}, lost ${s.fn}, boilerplate kept ${s.fp})`);
}
