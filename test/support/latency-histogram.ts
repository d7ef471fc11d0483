/** Bins are 0.5 % wide from 10 µs to 100 s: a quantile read from them is within 0.25 % of the exact one. */
const MIN_MS = 0.01;
const STEP = Math.log(1.005);
const BINS = Math.ceil(Math.log(100_000 / MIN_MS) / STEP) + 1;

/**
 * Latencies in log-spaced bins, so that the rounds of a benchmark can be pooled (and resampled for
 * a bootstrap interval) without keeping and sorting every latency again.
 */
export class LatencyHistogram {
  readonly counts = new Float64Array(BINS);
  total = 0;

  /** Adds one latency in milliseconds. */
  record(ms: number): void {
    const bin = ms <= MIN_MS ? 0 : Math.min(BINS - 1, Math.floor(Math.log(ms / MIN_MS) / STEP));
    this.counts[bin] = this.counts[bin]! + 1;
    this.total += 1;
  }

  /** Adds every latency of `other` (pooling rounds). */
  add(other: LatencyHistogram): this {
    for (let i = 0; i < BINS; i += 1) this.counts[i] = this.counts[i]! + other.counts[i]!;
    this.total += other.total;
    return this;
  }

  /** The q-quantile in milliseconds (the middle of its bin); 0 when empty. */
  quantile(q: number): number {
    if (this.total === 0) return 0;
    const rank = Math.min(this.total, Math.max(1, Math.ceil(q * this.total)));
    let seen = 0;
    for (let i = 0; i < BINS; i += 1) {
      seen += this.counts[i]!;
      if (seen >= rank) return MIN_MS * Math.exp((i + 0.5) * STEP);
    }
    return MIN_MS * Math.exp((BINS - 0.5) * STEP);
  }

  /** All latencies of `histograms` in one. */
  static pooled(histograms: readonly LatencyHistogram[]): LatencyHistogram {
    const all = new LatencyHistogram();
    for (const h of histograms) all.add(h);
    return all;
  }
}
