import type { ExpertNeighbours } from './category-model';

/**
 * The rows' embeddings as the model file keeps them: each row as int8 (value / (max |value| / 127),
 * rounded), concatenated, base64. The vote reads each row at unit length, so no scale is kept.
 */
export function encodeNeighbourVectors(rows: readonly Float32Array[], dimensions: number): string {
  const bytes = new Int8Array(rows.length * dimensions);
  rows.forEach((v, r) => {
    if (v.length !== dimensions) throw new Error(`row ${r}: ${v.length} dimensions, not ${dimensions}`);
    let max = 0;
    for (const x of v) max = Math.max(max, Math.abs(x));
    const scale = max > 0 ? max / 127 : 1;
    for (let d = 0; d < dimensions; d++) bytes[r * dimensions + d] = Math.round(v[d]! / scale);
  });
  return Buffer.from(bytes.buffer).toString('base64');
}

/**
 * The vote of the `k` rows nearest an embedding (see ExpertNeighbours): per expert class,
 * log((votes + 1) / (k + classes)) less the uniform's log(1 / classes). Nearest by cosine; of rows
 * equally near, the earlier.
 */
export function neighbourVoter(
  neighbours: ExpertNeighbours,
  classCount: number,
): (embedding: Float32Array) => number[] {
  const { dimensions, labels, k } = neighbours;
  const bytes = Buffer.from(neighbours.vectors, 'base64');
  if (bytes.length !== labels.length * dimensions) throw new Error('neighbour vectors do not match their labels');
  const matrix = new Float32Array(bytes.length);
  for (let r = 0; r < labels.length; r++) {
    let n = 0;
    for (let d = 0; d < dimensions; d++) n += bytes.readInt8(r * dimensions + d) ** 2;
    const inv = n > 0 ? 1 / Math.sqrt(n) : 0;
    for (let d = 0; d < dimensions; d++) matrix[r * dimensions + d] = bytes.readInt8(r * dimensions + d) * inv;
  }
  const uniform = Math.log(1 / classCount);
  return (embedding) => {
    // The text's embedding's length does not change which rows are nearest.
    const top: { row: number; sim: number }[] = [];
    for (let r = 0; r < labels.length; r++) {
      let s = 0;
      const at = r * dimensions;
      for (let d = 0; d < dimensions; d++) s += embedding[d]! * matrix[at + d]!;
      if (top.length === k && s <= top[k - 1]!.sim) continue;
      let i = top.length === k ? k - 1 : top.length;
      while (i > 0 && top[i - 1]!.sim < s) i--;
      top.splice(i, 0, { row: r, sim: s });
      if (top.length > k) top.pop();
    }
    const votes = new Array<number>(classCount).fill(0);
    for (const { row } of top) votes[labels[row]!]!++;
    return votes.map((c) => Math.log((c + 1) / (top.length + classCount)) - uniform);
  };
}
