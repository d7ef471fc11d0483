/**
 * How far headline-feed evidence can take the domain quality estimate: what the held-out rated
 * domains are (pc1 spread, single-rater values, local broadcasters), rho by evidence volume, a
 * learning curve over the number of rated domains fitted on, what an estimate with a given error
 * would reach, and how many held-out domains the other corpora add pages for. Figures in
 * docs/lab-notes/domain-quality.md ("Ceiling"). Run: `node --import tsx lab/evaluate/domain-quality/ceiling.ts`.
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, readCommandLine } from '../../command-line';
import { readFileSync } from 'node:fs';
import { sampleRankCorrelation } from 'simple-statistics';
import { ratingOf } from '../../../src/score/domain-ratings';
import { shapeValues } from '../../../src/score/domain-shape';
import { corpusPath } from '../../corpus/corpus-path';
import { foldOf } from '../../corpus/fold-of';
import { ESTIMATOR_OPTIONS } from '../../train/domain-quality/estimator-settings';
import { registrableDomain } from './uci-domain-evidence';
import {
  calibrationData,
  crossValidateEstimator,
  DOMAIN_FOLDS,
  domainFold,
  rho,
  scoreFold,
  type HeldOut,
} from './validate-estimator';

readCommandLine('ceiling.ts', {}, ({ positionals }) => atMost(0, positionals));

/** Article-count buckets for rho by evidence volume. */
const VOLUME_BUCKETS: readonly [number, number][] = [
  [3, 5],
  [5, 10],
  [10, 30],
  [30, 100],
  [100, Infinity],
];
/** Shares of the rated domains the learning curve fits on. */
const TRAIN_SHARES = [0.25, 0.5, 0.75, 1] as const;
/** Error (sd, rating units) of the simulated estimates. */
const NOISE_SD = [0.05, 0.1, 0.15, 0.2] as const;

function main(): void {
  const input = calibrationData();
  const cv = crossValidateEstimator(input, ESTIMATOR_OPTIONS);
  const held = cv.heldOut;
  const ys = held.map((h) => h.rating);
  const fileValues = [...input.ratings.values()];
  const valueCount = new Map<string, number>();
  for (const v of fileValues) valueCount.set(v.toFixed(9), (valueCount.get(v.toFixed(9)) ?? 0) + 1);
  const shared = held.filter((h) => (valueCount.get(h.rating.toFixed(9)) ?? 0) > 1);
  const unique = held.filter((h) => (valueCount.get(h.rating.toFixed(9)) ?? 0) <= 1);
  const callSigns = held.filter((h) => shapeValues(h.domain, [], []).call_sign === 1);
  out('held-out set', {
    domains: held.length,
    pc1_mean: r3(mean(ys)),
    pc1_sd: r3(sd(ys)),
    file_pc1_mean: r3(mean(fileValues)),
    file_pc1_sd: r3(sd(fileValues)),
    share_at_least_0_5: r3(ys.filter((y) => y >= 0.5).length / ys.length),
    histogram_tenths: histogram(ys),
    file_histogram_tenths: histogram(fileValues),
    call_sign_broadcasters: callSigns.length,
  });
  out('single-rater values (pc1 shared exactly with another rated domain)', {
    share: r3(shared.length / held.length),
    rho_shared: rho(shared),
    sd_shared: r3(sd(shared.map((h) => h.rating))),
    rho_unique: rho(unique),
    sd_unique: r3(sd(unique.map((h) => h.rating))),
  });
  out('call-sign broadcasters vs the rest', {
    rho_broadcasters: rho(callSigns),
    rho_rest: rho(held.filter((h) => !callSigns.includes(h))),
  });
  for (const [lo, hi] of VOLUME_BUCKETS) {
    const part = held.filter((h) => h.articles >= lo && h.articles < hi);
    out(`articles in [${lo}, ${hi})`, {
      domains: part.length,
      rho: rho(part),
      pc1_sd: r3(sd(part.map((h) => h.rating))),
    });
  }
  for (const s of TRAIN_SHARES) {
    const items: HeldOut[] = [];
    const kept = (d: string): boolean => foldOf(`${d}:share`, 100) < s * 100;
    for (let k = 0; k < DOMAIN_FOLDS; k++) {
      const visible = (d: string): number | null =>
        domainFold(d) === k || !kept(d) ? null : ratingOf(input.ratings, d);
      items.push(...scoreFold(input.data, visible, (d) => domainFold(d) === k, ESTIMATOR_OPTIONS, input.ratings));
    }
    out(`learning curve: ${s * 100} % of the rated domains visible`, { rho: rho(items), domains: items.length });
  }
  const random = lcg(14);
  for (const noise of NOISE_SD) {
    const sims = Array.from({ length: 20 }, () =>
      sampleRankCorrelation(
        ys.map((y) => y + noise * gaussian(random)),
        ys,
      ),
    );
    out(`estimate = rating + error of sd ${noise}`, {
      rho: r3(mean(sims)),
      explained_variance: r3(sd(ys) ** 2 / (sd(ys) ** 2 + noise ** 2)),
    });
  }
  out('pooled estimate', {
    rho: cv.rho,
    explained_variance: r3(1 - mean(held.map((h) => (h.estimate - h.rating) ** 2)) / sd(ys) ** 2),
  });
  const heldDomains = new Set(held.map((h) => h.domain));
  for (const [corpus, urls] of otherCorpora()) {
    const domains = new Set(urls.map((u) => registrableDomain(hostOf(u))));
    out(`other corpus: ${corpus}`, {
      pages: urls.length,
      domains: domains.size,
      held_out_domains_covered: [...domains].filter((d) => heldDomains.has(d)).length,
    });
  }
}

/** Article URLs of the corpora with full pages (one or a few pages per domain). */
function otherCorpora(): [string, string[]][] {
  const json = (...p: string[]): unknown => JSON.parse(readFileSync(corpusPath(...p), 'utf8'));
  const aeb = Object.values(
    json('article-extraction-benchmark', 'ground-truth.json') as Record<string, { url: string }>,
  );
  const traf = Object.keys(json('trafilatura-eval-dev', 'evaldata.json') as Record<string, unknown>);
  const giveme = readFileSync(corpusPath('giveme5w1h-news-cluster', 'news_cluster.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { url: string }).url);
  return [
    ['article-extraction-benchmark', aeb.map((a) => a.url)],
    ['trafilatura-eval-dev', traf],
    ['giveme5w1h-news-cluster', giveme],
  ];
}

function hostOf(url: string): string {
  return /^[a-z]+:\/\/([^/?#]+)/i.exec(url)?.[1] ?? url;
}

function histogram(xs: readonly number[]): number[] {
  const bins = new Array<number>(10).fill(0);
  for (const x of xs) bins[Math.min(9, Math.floor(x * 10))]!++;
  return bins;
}

/** A small deterministic generator (numbers in [0, 1)) so the simulated figures repeat. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

function mean(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

function sd(xs: readonly number[]): number {
  const m = mean(xs);
  return Math.sqrt(mean(xs.map((x) => (x - m) ** 2)));
}

function r3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function out(what: string, figures: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify({ what, ...figures })}\n`);
}

main();
