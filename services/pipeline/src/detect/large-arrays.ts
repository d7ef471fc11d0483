/**
 * Array helpers for lists of any length: a spread (`out.push(...list)`, `Math.max(...list)`) passes
 * every item as an argument, and past about a hundred thousand items that overflows the call stack
 * (detection's member reads at 30x the UCI volume did).
 */

/** Appends every item of `items` to `out`, one by one. */
export function appendAll<T>(out: T[], items: Iterable<T>): T[] {
  for (const item of items) out.push(item);
  return out;
}

/** Least and greatest of `values` (Infinity / -Infinity when there are none), in one pass. */
export function extent(values: Iterable<number>): { min: number; max: number } {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { min, max };
}
