/**
 * Rebuilds services/pipeline/models/merge-model.json (the learned fragment merge) from the tuning
 * sets' gold stories and prints the fold figures that chose its threshold. `make merge-model`.
 */
import { writeFileSync } from 'node:fs';
import { DEFAULT_MERGE_MODEL_PATH } from '../../src/detect/merge-model';
import { mergeModelFileText } from './merge-model/merge-model-file';

const { model, json, folds, pairs } = mergeModelFileText();
writeFileSync(DEFAULT_MERGE_MODEL_PATH, json);
const f = (v: number): string => v.toFixed(3);
process.stdout.write(`pairs ${pairs}; threshold kept ${model.threshold}\n`);
for (const row of folds) {
  process.stdout.write(
    `  ${row.fold.padEnd(13)} p >= ${String(row.threshold).padEnd(4)}  rules P ${f(row.rules.precision)} F1 ` +
      `${f(row.rules.f1)}  learned P ${f(row.learned.precision)} R ${f(row.learned.recall)} F1 ${f(row.learned.f1)}\n`,
  );
}
model.features.forEach((name, i) => process.stdout.write(`  ${name.padEnd(18)} ${model.weights[i]}\n`));
process.stdout.write(`wrote ${DEFAULT_MERGE_MODEL_PATH}\n`);
