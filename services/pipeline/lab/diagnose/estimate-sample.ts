/**
 * How far the estimator's bounded sample (the ESTIMATE_SAMPLE most recent headlines and URLs of a
 * domain, what detection's per-domain counters keep) moves an unrated domain's estimate against
 * every headline of the window: the UCI rows of the first DAYS days (default 20) as feed items,
 * co-coverage over UCI's stories, every unrated domain with more than ESTIMATE_SAMPLE rows.
 * Run: node --import tsx services/pipeline/lab/diagnose/estimate-sample.ts [days]
 */
import '@trendscope/core/require-project-node';
import { atMost, oneNumber, readCommandLine } from '../command-line';
import { domainEstimates } from '../../src/detect/domain-docs';
import { ESTIMATE_SAMPLE, recentSample } from '../../src/score/domain-counters';
import { qualityScore } from '../../src/score/domain-quality';
import { DEFAULT_RATINGS_FILE, loadDomainRatings, ratingOf } from '../../src/score/domain-ratings';
import { loadUci } from '../corpus/uci.corpus';

const DAYS = readCommandLine('estimate-sample.ts [days, default 20]', {}, ({ positionals }) =>
  oneNumber(atMost(1, positionals)[0] ?? '20'),
);
const rows = loadUci().sort((a, b) => a.timestamp - b.timestamp);
const end = rows[0]!.timestamp + DAYS * 86_400_000;
const window = rows.filter((r) => r.timestamp < end);
const ratings = loadDomainRatings(DEFAULT_RATINGS_FILE);
const stories = new Map<string, string[]>();
const byDomain = new Map<string, typeof window>();
for (const r of window) {
  const domain = r.hostname.replace(/^www\./, '');
  stories.set(r.story, [...(stories.get(r.story) ?? []), domain]);
  byDomain.set(domain, [...(byDomain.get(domain) ?? []), r]);
}
const estimate = domainEstimates([...stories.values()], ratings);
const moves: { domain: string; n: number; all: number; sample: number }[] = [];
for (const [domain, list] of byDomain) {
  if (list.length <= ESTIMATE_SAMPLE || ratingOf(ratings, domain) !== null) continue;
  const items = list.map((r) => ({ id: String(r.id), time: r.timestamp, title: r.title, url: r.url }));
  const all = qualityScore(estimate(domain, items, list.length).rating);
  const sample = qualityScore(estimate(domain, recentSample(items), list.length).rating);
  moves.push({ domain, n: list.length, all, sample });
}
const deltas = moves.map((m) => Math.abs(m.sample - m.all));
const moved = deltas.filter((d) => d > 0).length;
process.stdout.write(
  `UCI first ${DAYS} days: ${window.length} rows, ${byDomain.size} domains; unrated with more than ` +
    `${ESTIMATE_SAMPLE} rows: ${moves.length}\n` +
    `estimate (1-10) moved on ${moved}: mean |change| ${(deltas.reduce((s, d) => s + d, 0) / Math.max(1, deltas.length)).toFixed(3)}, ` +
    `max ${Math.max(0, ...deltas).toFixed(1)}\n` +
    moves
      .sort((a, b) => Math.abs(b.sample - b.all) - Math.abs(a.sample - a.all))
      .slice(0, 10)
      .map((m) => `  ${m.domain.padEnd(30)} ${String(m.n).padStart(5)} rows: all ${m.all}, sample ${m.sample}`)
      .join('\n') +
    '\n',
);
