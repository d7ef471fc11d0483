/** The median of `xs` (the mean of the middle two for an even count); the benches' summary statistic. */
export function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
