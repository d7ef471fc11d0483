/**
 * Refreshes the published domain ratings the pipeline reads (`PIPELINE_DOMAIN_RATINGS_FILE`): reads
 * a new `domain,pc1` CSV (a path, or an http(s) URL such as the raw `data/domain_pc1.csv` of
 * github.com/hauselin/domain-quality-ratings where the network allows), checks every row, compares
 * it with the ratings in use, and writes it with a provenance record beside it. Nothing is written
 * when a row is wrong or when the new file keeps fewer than half of the rated domains (a truncated
 * download), unless --force. The estimator of unrated domains stays fitted on the corpus' ratings
 * (`make domain-model` refits it from ../shared/corpus).
 *
 * Run: `make ratings FROM=<path or URL> [TO=<path>]`, or
 * `node --import tsx services/pipeline/lab/corpus/refresh-ratings.ts --from <path or URL> [--to <path>] [--force]`.
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, readCommandLine } from '../command-line';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_RATINGS_FILE, loadDomainRatings, RATING_SOURCE } from '../../src/score/domain-ratings';
import { checkRatingsCsv, compareRatings } from './ratings-file';
import { REPO_ROOT } from './corpus-path';

/** Where a refreshed file goes unless --to says otherwise (inside the repository's data directory). */
const DEFAULT_TO = '.data/domain-ratings/domain_pc1.csv';
const FETCH_TIMEOUT_MS = 60_000;

function fail(message: string): never {
  process.stderr.write(`refresh-ratings: ${message}\n`);
  process.exit(2);
}

async function readSource(from: string): Promise<string> {
  if (/^https?:\/\//i.test(from)) {
    const res = await fetch(from, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) }).catch((err: Error) =>
      fail(`cannot fetch ${from}: ${err.message}`),
    );
    if (!res.ok) fail(`cannot fetch ${from}: HTTP ${res.status}`);
    return res.text();
  }
  try {
    return readFileSync(from, 'utf8');
  } catch (err) {
    return fail(`cannot read ${from}: ${(err as Error).message}`);
  }
}

async function main(): Promise<void> {
  const args = readCommandLine(
    'refresh-ratings.ts --from <path or URL> [--to <path>] [--force]',
    { from: { type: 'string' }, to: { type: 'string' }, force: { type: 'boolean', default: false } },
    ({ values, positionals }) => {
      atMost(0, positionals);
      if (!values.from) throw new Error('--from <path or URL> is required');
      return { ...values, from: values.from };
    },
  );
  const text = await readSource(args.from);
  const { ratings, problems, unmatched } = checkRatingsCsv(text);
  if (problems.length > 0) {
    for (const p of problems.slice(0, 10)) process.stderr.write(`  line ${p.line}: ${p.message}\n`);
    fail(`${problems.length} problem${problems.length === 1 ? '' : 's'} in ${args.from}; nothing written`);
  }
  if (unmatched.length > 0)
    process.stdout.write(
      `${unmatched.length} rows kept as published but matching no domain the pipeline sees (a path or characters outside host names), e.g. ${unmatched
        .slice(0, 3)
        .map((u) => `line ${u.line}`)
        .join(', ')}\n`,
    );
  const inUse = process.env.PIPELINE_DOMAIN_RATINGS_FILE
    ? path.resolve(REPO_ROOT, process.env.PIPELINE_DOMAIN_RATINGS_FILE)
    : DEFAULT_RATINGS_FILE;
  const change = compareRatings(loadDomainRatings(inUse), ratings);
  process.stdout.write(
    `ratings in use (${path.relative(process.cwd(), inUse)}): ${change.before} domains; new: ${change.after} ` +
      `(${change.added} added, ${change.removed} removed, ${change.changed} changed by more than 0.001, ` +
      `mean change ${change.meanAbsChange.toFixed(3)})\n`,
  );
  if (change.before > 0 && change.after - change.added < change.before / 2 && !args.force)
    fail(
      `the new file keeps ${change.after - change.added} of the ${change.before} rated domains (less than half: a truncated file?); --force writes it anyway`,
    );
  const to = path.resolve(REPO_ROOT, args.to ?? DEFAULT_TO);
  mkdirSync(path.dirname(to), { recursive: true });
  const sha256 = createHash('sha256').update(text).digest('hex');
  const provenance = {
    source: args.from,
    retrieved_at: new Date().toISOString(),
    sha256,
    domains: ratings.size,
    citation: RATING_SOURCE,
    replaces: { file: inUse, domains: change.before },
    change,
  };
  // Written beside and renamed, so a reader never sees half a file.
  writeFileSync(`${to}.tmp`, text);
  renameSync(`${to}.tmp`, to);
  writeFileSync(to.replace(/\.csv$/, '') + '.provenance.json', `${JSON.stringify(provenance, null, 2)}\n`);
  const shown = path.relative(REPO_ROOT, to).startsWith('..') ? to : path.relative(REPO_ROOT, to);
  process.stdout.write(
    `wrote ${path.relative(process.cwd(), to)} (${ratings.size} domains, sha256 ${sha256.slice(0, 12)}…) and its provenance record\n` +
      `the pipeline reads it with PIPELINE_DOMAIN_RATINGS_FILE=${shown} (a relative path is read from the repository root)\n`,
  );
}

await main();
