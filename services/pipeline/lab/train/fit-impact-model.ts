/**
 * Rebuilds services/pipeline/models/impact-model.json (the business impact model) from the rated
 * stories and prints the raters' agreement and the model's held-out figures. `make impact-model`.
 */
import { atMost, readCommandLine } from '../command-line';
import { writeFileSync } from 'node:fs';
import { DEFAULT_IMPACT_MODEL_PATH } from '../../src/detect/impact-model';
import { impactModelFileText, IMPACT_FOLDS } from './impact-model/impact-model-file';
import { impactRows } from './impact-model/impact-rows';
import { raterAgreement } from '../metrics/rater-agreement';

readCommandLine('fit-impact-model.ts (writes models/impact-model.json)', {}, ({ positionals }) =>
  atMost(0, positionals),
);

const rows = await impactRows();
const { model, json, figures, textOnly } = impactModelFileText(rows);
writeFileSync(DEFAULT_IMPACT_MODEL_PATH, json);
const f = (v: number): string => v.toFixed(3);
process.stdout.write(`rated stories ${rows.stories.length}, events ${new Set(rows.groups).size}\n`);
for (const a of raterAgreement(rows.stories))
  process.stdout.write(`  raters ${a.pair}: Spearman ${f(a.spearman)}, exact ${a.exact}, within one ${a.withinOne}\n`);
process.stdout.write(
  `held out (${IMPACT_FOLDS} folds grouped by event): Spearman ${f(figures.spearman)} (served score ${f(figures.spearmanScore)}), ` +
    `per fold ${figures.perFold.map(f).join(' ')}, mean absolute error ${f(figures.mae)}\n`,
);
process.stdout.write(
  `  without the headline embedding: Spearman ${f(textOnly.spearman)} (served score ${f(textOnly.spearmanScore)}), ` +
    `per fold ${textOnly.perFold.map(f).join(' ')}, mean absolute error ${f(textOnly.mae)}\n`,
);
// What the rubric readings' bounds change (rubric-readings.ts): the served error without them.
const featureOnly = (g: typeof figures): string =>
  f(g.predictions.reduce((s, p, i) => s + Math.abs(p.featureScore - rows.ys[i]!), 0) / rows.ys.length);
process.stdout.write(
  `  without the rubric readings' bounds: mean absolute error ${featureOnly(figures)} (without the embedding ${featureOnly(textOnly)}); ` +
    `scores they move: ${figures.predictions.filter((p) => p.score !== p.featureScore).length}\n`,
);
process.stdout.write(`penalty ${model.lambda}; center ${model.center}; stretch ${model.stretch}\n`);
model.features.forEach((name, i) => process.stdout.write(`  ${name.padEnd(24)} ${model.weights[i]}\n`));
process.stdout.write(`  meaning (headline embedding, ${model.embedding.weights.length} dimensions)\n`);
process.stdout.write(`wrote ${DEFAULT_IMPACT_MODEL_PATH}\n`);
