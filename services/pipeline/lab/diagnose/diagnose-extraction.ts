/**
 * Where extraction loses F1 on trafilatura-eval-dev, per cause and per page, with out-of-fold
 * block probabilities (each page judged by a model fitted on the other four folds of both sets):
 * lost text segments by where they sit (outside the chosen content, in a block a rule drops,
 * in a block the classifier drops, across blocks) and boilerplate kept by where it sits; the F1
 * per fold and per language of the gold text.
 * Thresholds are the committed model's (KEEP_BELOW / RESCUE_AT override them), not re-chosen per
 * fold: a quick screen of a change, the training script's five folds being the figure that counts.
 * Run: `node --import tsx services/pipeline/lab/diagnose/diagnose-extraction.ts` (about 10 seconds).
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, readCommandLine } from '../command-line';
import { decodePageBytes } from '../../src/extract/decode-page-bytes';
import { EXTRACTION_LIMITS } from '../../src/extract/extract-article';
import { nodeText, parsePage } from '../../src/extract/page-tree';
import { pageLanguage } from '../evaluate/extraction/page-language';
import { FOLDS, normaliseSpace } from '../evaluate/extraction/trafilatura-eval';
import { blockModel, keptBlocks } from '../../src/extract/block-classifier';
import { DROP_RULES } from '../../src/extract/render-content';
import { collectTrainingPages, outOfFold } from '../evaluate/block-classifier/block-folds';

readCommandLine('diagnose-extraction.ts (KEEP_BELOW=, RESCUE_AT= override the thresholds)', {}, ({ positionals }) =>
  atMost(0, positionals),
);
const model = blockModel();
const thresholds = {
  keep_below: Number(process.env.KEEP_BELOW ?? model?.keep_below ?? 0.5),
  rescue_at: Number(process.env.RESCUE_AT ?? model?.rescue_at ?? 0.8),
};
const pages = collectTrainingPages();
const probabilities = outOfFold(pages);
const lost = new Map<string, number>();
const kept = new Map<string, number>();
const byFold = Array.from({ length: FOLDS }, () => ({ tp: 0, fp: 0, fn: 0 }));
const byLanguage = new Map<string, { pages: number; tp: number; fp: number; fn: number }>();
const perPage: { key: string; fold: number; lost: number; kept: number; causes: string[] }[] = [];
const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
for (const p of pages.dev) {
  const probs = probabilities.get(p) ?? [];
  const verdicts = keptBlocks(
    thresholds,
    p.texts.map((text, i) => ({ text, ruleDrops: p.ruleDrops[i] ?? false })),
    probs,
  );
  const out = normaliseSpace(p.texts.filter((_, i) => verdicts[i]).join(' '));
  const all = normaliseSpace(p.texts.join(' '));
  const parsed = parsePage(decodePageBytes(p.raw.bytes), { ...EXTRACTION_LIMITS, deadline: Infinity });
  const page = normaliseSpace(nodeText(parsed.root));
  const causes: string[] = [];
  let nLost = 0;
  let nKept = 0;
  for (const s of p.page.with) {
    if (out.includes(s)) continue;
    nLost += 1;
    const i = p.texts.findIndex((t) => t.includes(s));
    let cause: string;
    if (i >= 0) {
      const rule = p.features[i]?.slice(-DROP_RULES.length).findIndex((v) => v === 1) ?? -1;
      cause = p.ruleDrops[i]
        ? `rule ${DROP_RULES[rule]} (p ${(probs[i] ?? 0).toFixed(2)})`
        : `classifier (p ${(probs[i] ?? 0).toFixed(2)})`;
    } else if (all.includes(s)) cause = 'across blocks';
    else if (page.includes(s)) cause = 'outside content';
    else cause = 'not in page text';
    add(lost, cause.replace(/ \(p .*\)/, ''));
    causes.push(`- ${cause}: ${s.slice(0, 80)}`);
  }
  const n = p.texts.length;
  for (const s of p.page.without) {
    if (!out.includes(s)) continue;
    nKept += 1;
    const i = p.texts.findIndex((t, j) => verdicts[j] && t.includes(s));
    const where = i < 0 ? 'across blocks' : i < 3 ? 'first 3 blocks' : i >= n - 3 ? 'last 3 blocks' : 'middle';
    add(kept, where);
    causes.push(`+ ${where} (p ${(probs[i] ?? 0).toFixed(2)}): ${s.slice(0, 80)}`);
  }
  const language = pageLanguage(p.page);
  const l = byLanguage.get(language) ?? { pages: 0, tp: 0, fp: 0, fn: 0 };
  byLanguage.set(language, l);
  l.pages += 1;
  for (const c of [byFold[p.fold] as { tp: number; fp: number; fn: number }, l]) {
    c.fn += nLost;
    c.fp += nKept;
    c.tp += p.page.with.length - nLost;
  }
  if (nLost + nKept > 0) perPage.push({ key: p.raw.id, fold: p.fold, lost: nLost, kept: nKept, causes });
}
const f1 = (c: { tp: number; fp: number; fn: number }) => (2 * c.tp) / (2 * c.tp + c.fp + c.fn);
const sum = byFold.reduce((a, c) => ({ tp: a.tp + c.tp, fp: a.fp + c.fp, fn: a.fn + c.fn }), { tp: 0, fp: 0, fn: 0 });
console.log(`out-of-fold F1 by fold: ${byFold.map((c) => f1(c).toFixed(3)).join(' ')}; all ${f1(sum).toFixed(4)}`, sum);
console.log(
  `out-of-fold F1 by language of the gold text: ${[...byLanguage]
    .sort((a, b) => b[1].pages - a[1].pages)
    .map(([language, c]) => `${language} ${f1(c).toFixed(3)} (${c.pages} pages)`)
    .join(', ')}`,
);
console.log('lost text segments by cause:', Object.fromEntries(lost));
console.log('boilerplate segments kept by place:', Object.fromEntries(kept));
perPage.sort((a, b) => b.lost + b.kept - (a.lost + a.kept));
for (const r of perPage) {
  console.log(`${r.key} fold ${r.fold}: lost ${r.lost}, boilerplate ${r.kept}`);
  for (const c of r.causes) console.log(`  ${c}`);
}
