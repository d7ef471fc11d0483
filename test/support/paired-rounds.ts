// The classifier's seeded generator, so that a run's intervals can be recomputed exactly.
import { mulberry32 } from '@trendscope/pipeline/lab/train/classifier/train-model';
import { LatencyHistogram } from './latency-histogram';

/** What one side of a benchmark comparison measured in one round. */
export interface RoundFigures {
  requests: number;
  /** Wall time of the round. */
  seconds: number;
  /** CPU time (user + system) the measured process used during the round. */
  cpuSeconds: number;
  errors: number;
  latencies: LatencyHistogram;
}

/** One side's rounds pooled: every request of every round counts once. */
export interface SideSummary {
  rps: number;
  p99: number;
  cpuUsPerAnswer: number;
  /** Share of one core the measured process used (1 = it was the bottleneck on its core). */
  busy: number;
  errors: number;
}

/** A ratio a/b with its 95 % bootstrap interval over rounds. */
export interface Ratio {
  value: number;
  low: number;
  high: number;
}

/** Throughput, pooled p99 and CPU per answer, a against b. */
export interface RatioSet {
  throughput: Ratio;
  p99: Ratio;
  cpu: Ratio;
}

const sum = (rounds: readonly RoundFigures[], k: 'requests' | 'seconds' | 'cpuSeconds' | 'errors'): number =>
  rounds.reduce((total, r) => total + r[k], 0);

/** The rounds of one side pooled into its figures. */
export function summarise(rounds: readonly RoundFigures[]): SideSummary {
  const requests = Math.max(1, sum(rounds, 'requests'));
  return {
    rps: requests / sum(rounds, 'seconds'),
    p99: LatencyHistogram.pooled(rounds.map((r) => r.latencies)).quantile(0.99),
    cpuUsPerAnswer: (1e6 * sum(rounds, 'cpuSeconds')) / requests,
    busy: sum(rounds, 'cpuSeconds') / sum(rounds, 'seconds'),
    errors: sum(rounds, 'errors'),
  };
}

function ratios(a: readonly RoundFigures[], b: readonly RoundFigures[]): [number, number, number] {
  const [sa, sb] = [summarise(a), summarise(b)];
  return [sa.rps / sb.rps, sa.p99 / Math.max(sb.p99, 1e-6), sa.cpuUsPerAnswer / Math.max(sb.cpuUsPerAnswer, 1e-9)];
}

/**
 * a/b over rounds measured side by side (round i of a next to round i of b, under the same load),
 * each side's rounds pooled (p99 over every request, not a median of per-round p99s), with a 95 %
 * interval from resampling whole rounds (pairs kept together) `resamples` times.
 */
export function compareRounds(
  a: readonly RoundFigures[],
  b: readonly RoundFigures[],
  resamples = 1000,
  seed = 1,
): RatioSet {
  if (a.length !== b.length || a.length === 0) throw new Error('compareRounds needs the same rounds on both sides');
  const random = mulberry32(seed);
  const samples: [number[], number[], number[]] = [[], [], []];
  for (let s = 0; s < resamples; s += 1) {
    const picks = a.map(() => Math.floor(random() * a.length));
    const r = ratios(
      picks.map((i) => a[i]!),
      picks.map((i) => b[i]!),
    );
    r.forEach((x, k) => samples[k]!.push(x));
  }
  const [throughput, p99, cpu] = ratios(a, b).map((value, k) => {
    const xs = samples[k]!.sort((x, y) => x - y);
    return { value, low: xs[Math.floor(0.025 * xs.length)]!, high: xs[Math.ceil(0.975 * xs.length) - 1]! };
  }) as [Ratio, Ratio, Ratio];
  return { throughput, p99, cpu };
}

/**
 * Whether a costs at most `limit` of b's throughput, p99 and CPU per answer (CPU per answer is
 * throughput where the process is the bottleneck): decided when every interval lies on one side
 * of the line, else the point estimates' reading, marked as not decided.
 */
export function costVerdict(r: RatioSet, limit = 0.05): string {
  const pct = `${Math.round(limit * 100)} %`;
  const inside = r.throughput.low >= 1 - limit && r.p99.high <= 1 + limit && r.cpu.high <= 1 + limit;
  const beyond = r.throughput.high < 1 - limit || r.p99.low > 1 + limit || r.cpu.low > 1 + limit;
  if (inside) return `within ${pct}`;
  if (beyond) return `NOT within ${pct}`;
  const point = r.throughput.value >= 1 - limit && r.p99.value <= 1 + limit && r.cpu.value <= 1 + limit;
  return `${point ? 'within' : 'NOT within'} ${pct} (not decided: an interval crosses ${pct})`;
}

/** `0.981x [0.962-0.998]`. */
export function formatRatio(r: Ratio, digits = 3): string {
  return `${r.value.toFixed(digits)}x [${r.low.toFixed(digits)}-${r.high.toFixed(digits)}]`;
}
