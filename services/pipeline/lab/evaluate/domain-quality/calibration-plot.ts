/**
 * Draws the calibration plot of the domain quality estimator (docs/domain-quality-calibration.svg):
 * held-out rated domains of the k-fold (validate-estimator.ts) in ten bins by estimate, the mean
 * published rating of each bin against its mean estimate, and every domain as a faint dot. Run:
 * `node --import tsx lab/evaluate/domain-quality/calibration-plot.ts`.
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, readCommandLine } from '../../command-line';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../corpus/corpus-path';
import { ESTIMATOR_OPTIONS } from '../../train/domain-quality/estimator-settings';
import { calibrationData, crossValidateEstimator, type HeldOut } from './validate-estimator';

readCommandLine('calibration-plot.ts (writes docs/domain-quality-calibration.svg)', {}, ({ positionals }) =>
  atMost(0, positionals),
);

const BINS = 10;
const SIZE = 480;
const PAD = 56;

/** Mean estimate and mean rating of each equal-count bin of held-out domains ordered by estimate. */
export function calibrationBins(items: readonly HeldOut[]): { estimate: number; rating: number; n: number }[] {
  const sorted = [...items].sort((a, b) => a.estimate - b.estimate);
  const bins = [];
  for (let b = 0; b < BINS; b++) {
    const part = sorted.slice(Math.floor((b * sorted.length) / BINS), Math.floor(((b + 1) * sorted.length) / BINS));
    const mean = (f: (h: HeldOut) => number): number => part.reduce((s, h) => s + f(h), 0) / part.length;
    bins.push({ estimate: mean((h) => h.estimate), rating: mean((h) => h.rating), n: part.length });
  }
  return bins;
}

function svg(items: readonly HeldOut[], rho: number): string {
  const x = (v: number): number => PAD + v * (SIZE - 2 * PAD);
  const y = (v: number): number => SIZE - PAD - v * (SIZE - 2 * PAD);
  const bins = calibrationBins(items);
  const dots = items
    .map(
      (h) =>
        `<circle cx="${x(h.estimate).toFixed(1)}" cy="${y(h.rating).toFixed(1)}" r="1.6" fill="#888" fill-opacity="0.25"/>`,
    )
    .join('');
  const line = bins.map((b) => `${x(b.estimate).toFixed(1)},${y(b.rating).toFixed(1)}`).join(' ');
  const marks = bins
    .map((b) => `<circle cx="${x(b.estimate).toFixed(1)}" cy="${y(b.rating).toFixed(1)}" r="4" fill="#c0392b"/>`)
    .join('');
  const ticks = [0, 0.25, 0.5, 0.75, 1]
    .map(
      (t) =>
        `<text x="${x(t)}" y="${SIZE - PAD + 18}" text-anchor="middle">${t}</text>` +
        `<text x="${PAD - 8}" y="${y(t) + 4}" text-anchor="end">${t}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" font-family="sans-serif" font-size="12">` +
    `<rect width="100%" height="100%" fill="white"/>` +
    `<line x1="${x(0)}" y1="${y(0)}" x2="${x(1)}" y2="${y(1)}" stroke="#999" stroke-dasharray="4 4"/>` +
    `<rect x="${x(0)}" y="${y(1)}" width="${x(1) - x(0)}" height="${y(0) - y(1)}" fill="none" stroke="#333"/>` +
    dots +
    `<polyline points="${line}" fill="none" stroke="#c0392b" stroke-width="2"/>` +
    marks +
    ticks +
    `<text x="${SIZE / 2}" y="${SIZE - 14}" text-anchor="middle">estimate (pc1 scale), held-out folds</text>` +
    `<text x="16" y="${SIZE / 2}" text-anchor="middle" transform="rotate(-90 16 ${SIZE / 2})">published rating (pc1)</text>` +
    `<text x="${SIZE / 2}" y="24" text-anchor="middle" font-size="14">Domain quality estimate vs published rating` +
    ` (${items.length} domains, rho ${rho})</text>` +
    `</svg>\n`
  );
}

const result = crossValidateEstimator(calibrationData(), ESTIMATOR_OPTIONS);
const out = path.join(REPO_ROOT, 'docs', 'domain-quality-calibration.svg');
writeFileSync(out, svg(result.heldOut, result.rho));
process.stdout.write(`${JSON.stringify({ file: out, rho: result.rho, bins: calibrationBins(result.heldOut) })}\n`);
