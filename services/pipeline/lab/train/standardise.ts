/** Per-column mean and spread of a feature matrix, for fitters that standardise their inputs. */
export interface Standardisation {
  mean: number[];
  scale: number[];
}

/**
 * The mean and population standard deviation of each column of `xs`. A column whose spread is 0
 * or below `minScale` gets scale 1, so a constant column standardises to 0 instead of dividing by
 * (nearly) nothing.
 */
export function standardisation(xs: readonly number[][], minScale = 0): Standardisation {
  const n = xs.length;
  const d = xs[0]?.length ?? 0;
  const mean = new Array<number>(d).fill(0);
  const scale = new Array<number>(d).fill(0);
  for (const x of xs) for (let j = 0; j < d; j++) mean[j]! += x[j]! / n;
  for (const x of xs) for (let j = 0; j < d; j++) scale[j]! += (x[j]! - mean[j]!) ** 2 / n;
  for (let j = 0; j < d; j++) {
    const spread = Math.sqrt(scale[j]!);
    scale[j] = spread > 0 && spread >= minScale ? spread : 1;
  }
  return { mean, scale };
}
