/**
 * Candidate signals for the domain quality estimate (and the shape features of domain-shape.ts),
 * each alone against the published rating:
 * Spearman rho over the rated UCI domains with at least MIN_ARTICLES articles (no fit, so no fold),
 * and co-coverage propagated over the story graph through unrated domains, k-fold over rated
 * domains (held-out ratings hidden). Figures in docs/quality.md. Run:
 * `node --import tsx lab/evaluate/domain-quality/signal-correlations.ts`.
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, readCommandLine } from '../../command-line';
import { sampleRankCorrelation } from 'simple-statistics';
import { getPublicSuffix } from 'tldts';
import { ratingOf } from '../../../src/score/domain-ratings';
import { SHAPE_FEATURES, shapeValues } from '../../../src/score/domain-shape';
import { loadUci, type UciRow } from '../../corpus/uci.corpus';
import { calibrationData, DOMAIN_FOLDS, domainFold, MIN_ARTICLES } from './validate-estimator';
import { registrableDomain } from './uci-domain-evidence';

readCommandLine('signal-correlations.ts', {}, ({ positionals }) => atMost(0, positionals));

/** Per-domain signals computed from its UCI rows and the stories they belong to. */
const SIGNALS: Record<string, (rows: readonly UciRow[], ctx: StoryContext, domain: string) => number> = {
  'share business (b)': (rs) => share(rs, (r) => r.category === 'b'),
  'share technology (t)': (rs) => share(rs, (r) => r.category === 't'),
  'share entertainment (e)': (rs) => share(rs, (r) => r.category === 'e'),
  'share health (m)': (rs) => share(rs, (r) => r.category === 'm'),
  'syndicated headline share': (rs, ctx) => share(rs, (r) => (ctx.titleDomains.get(titleKey(r))?.size ?? 0) > 1),
  'question-mark headlines': (rs) => share(rs, (r) => r.title.includes('?')),
  'first report of its story': (rs, ctx) => share(rs, (r) => r.timestamp === ctx.storyStart.get(r.story)),
  'mean log minutes after story start': (rs, ctx) =>
    mean(rs.map((r) => Math.log1p((r.timestamp - ctx.storyStart.get(r.story)!) / 60_000))),
  'log articles': (rs) => Math.log(rs.length),
  'distinct stories per article': (rs) => new Set(rs.map((r) => r.story)).size / rs.length,
  'URL path depth': (rs) => mean(rs.map((r) => r.url.replace(/^[a-z]+:\/\/[^/]*/i, '').split('/').length)),
  'numeric id in URL': (rs) => share(rs, (r) => /\d{6,}/.test(r.url)),
  'sub-domain host share': (rs, _ctx, d) => share(rs, (r) => r.hostname.toLowerCase().replace(/^www\./, '') !== d),
  '.com suffix': (_rs, _ctx, d) => (getPublicSuffix(d) === 'com' ? 1 : 0),
  'distinct UTC hours (of 24)': (rs) => new Set(rs.map((r) => new Date(r.timestamp).getUTCHours())).size / 24,
  'weekend share': (rs) => share(rs, (r) => [0, 6].includes(new Date(r.timestamp).getUTCDay())),
};

interface StoryContext {
  storyStart: Map<string, number>;
  titleDomains: Map<string, Set<string>>;
}

function main(): void {
  const input = calibrationData();
  const rows = loadUci();
  const byDomain = new Map<string, UciRow[]>();
  const ctx: StoryContext = { storyStart: new Map(), titleDomains: new Map() };
  for (const r of rows) {
    const d = registrableDomain(r.hostname);
    const list = byDomain.get(d) ?? [];
    list.push(r);
    byDomain.set(d, list);
    ctx.storyStart.set(r.story, Math.min(ctx.storyStart.get(r.story) ?? Infinity, r.timestamp));
    const domains = ctx.titleDomains.get(titleKey(r)) ?? new Set<string>();
    domains.add(d);
    ctx.titleDomains.set(titleKey(r), domains);
  }
  const scored = [...byDomain].flatMap(([d, rs]) => {
    const rating = ratingOf(input.ratings, d);
    return rating === null || rs.length < MIN_ARTICLES ? [] : [{ d, rs, rating }];
  });
  const ratingsOf = scored.map((s) => s.rating);
  for (const [name, signal] of Object.entries(SIGNALS)) {
    const rho = sampleRankCorrelation(
      scored.map((s) => signal(s.rs, ctx, s.d)),
      ratingsOf,
    );
    process.stdout.write(`${JSON.stringify({ signal: name, rho: round(rho), domains: scored.length })}\n`);
  }
  const shapes = scored.map((s) =>
    shapeValues(
      s.d,
      s.rs.map((r) => r.title),
      s.rs.map((r) => r.url),
    ),
  );
  for (const f of SHAPE_FEATURES) {
    const rho = sampleRankCorrelation(
      shapes.map((v) => v[f]),
      ratingsOf,
    );
    process.stdout.write(`${JSON.stringify({ signal: `shape: ${f}`, rho: round(rho), domains: scored.length })}
`);
  }
  for (const iterations of [1, 3, 10]) {
    const r = propagatedCoverage(input, iterations);
    process.stdout.write(`${JSON.stringify({ signal: `co-coverage propagated ${iterations}x (k-fold)`, ...r })}\n`);
  }
}

/**
 * Label propagation over the story graph: every unrated (or held-out) domain starts at the mean
 * rating and takes, per round, the shrunk mean over its stories of its co-reporters' values.
 */
function propagatedCoverage(
  input: ReturnType<typeof calibrationData>,
  iterations: number,
): { rho: number; domains: number } {
  const { data, ratings } = input;
  const est: number[] = [];
  const truth: number[] = [];
  for (let k = 0; k < DOMAIN_FOLDS; k++) {
    const visible = (d: string): number | null => (domainFold(d) === k ? null : ratingOf(ratings, d));
    const known = data.domains.map((d) => visible(d.domain)).filter((x): x is number => x !== null);
    const prior = mean(known);
    const value = new Map(data.domains.map((d) => [d.domain, visible(d.domain) ?? prior]));
    for (let it = 0; it < iterations; it++) {
      const acc = new Map<string, { sum: number; n: number }>();
      for (const story of data.stories) {
        const members = [...new Set(story)];
        if (members.length < 2) continue;
        const total = members.reduce((s, d) => s + value.get(d)!, 0);
        for (const d of members) {
          const a = acc.get(d) ?? { sum: 0, n: 0 };
          a.sum += (total - value.get(d)!) / (members.length - 1);
          a.n++;
          acc.set(d, a);
        }
      }
      for (const d of data.domains) {
        if (visible(d.domain) !== null) continue;
        const a = acc.get(d.domain);
        value.set(d.domain, a ? (a.sum + 3 * prior) / (a.n + 3) : prior);
      }
    }
    for (const d of data.domains) {
      const rating = ratingOf(ratings, d.domain);
      if (domainFold(d.domain) !== k || rating === null || d.titles.length < MIN_ARTICLES) continue;
      est.push(value.get(d.domain)!);
      truth.push(rating);
    }
  }
  return { rho: round(sampleRankCorrelation(est, truth)), domains: est.length };
}

function titleKey(r: UciRow): string {
  return r.title.toLowerCase().trim();
}

function share(rs: readonly UciRow[], pred: (r: UciRow) => boolean): number {
  return rs.filter(pred).length / rs.length;
}

function mean(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

main();
