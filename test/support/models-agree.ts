/**
 * Where two model files written by a fitter differ beyond `tolerance`: the same keys, lengths and
 * strings everywhere, every number within `tolerance` of the other. A model fitted on sentence
 * embeddings cannot be compared byte for byte across machines: onnxruntime's floats differ in the
 * last bits between CPUs (AVX2 against AVX-512), and a ridge fit carries that into its 4th-6th decimal.
 * Returns the first difference found, or null when they agree.
 */
export function modelDifference(a: unknown, b: unknown, tolerance: number, at = '$'): string | null {
  if (typeof a === 'number' && typeof b === 'number') {
    return Math.abs(a - b) <= tolerance ? null : `${at}: ${a} against ${b}`;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${at}: ${a.length} items against ${b.length}`;
    for (let i = 0; i < a.length; i++) {
      const d = modelDifference(a[i], b[i], tolerance, `${at}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (
    a !== null &&
    b !== null &&
    typeof a === 'object' &&
    typeof b === 'object' &&
    !Array.isArray(a) &&
    !Array.isArray(b)
  ) {
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    if (ka.join() !== kb.join()) return `${at}: keys ${ka.join(',')} against ${kb.join(',')}`;
    for (const k of ka) {
      const d = modelDifference(
        (a as Record<string, unknown>)[k],
        (b as Record<string, unknown>)[k],
        tolerance,
        `${at}.${k}`,
      );
      if (d) return d;
    }
    return null;
  }
  return a === b ? null : `${at}: ${JSON.stringify(a)} against ${JSON.stringify(b)}`;
}
