import { loadCategoryModelFile } from '../classify/classifier';

/**
 * Background inverse document frequencies for trend term vectors, taken from the unigram features
 * of the committed category model (computed over ~135k news texts). Terms the model never kept get
 * the largest idf seen: a rare word is a strong signal of one story.
 */
export function backgroundIdf(modelPath?: string): (term: string) => number {
  const model = loadCategoryModelFile(modelPath);
  const table = new Map<string, number>();
  let max = 1;
  for (const [feature, row] of Object.entries(model.vocab)) {
    if (feature.includes(' ')) continue;
    const idf = row[0]!;
    table.set(feature, idf);
    max = Math.max(max, idf);
  }
  return (term) => table.get(term) ?? max;
}
