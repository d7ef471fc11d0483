import { getDomain } from 'tldts';
import type { DomainRatings } from '../../src/score/domain-ratings';

/** One thing wrong with a ratings file, at its 1-based line. */
export interface RatingsProblem {
  line: number;
  message: string;
}

/** A lower-case host name: dot-separated labels of letters, digits and inner hyphens. */
const HOST = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

/** What checkRatingsCsv found: the ratings, what makes the file unusable, and rows no domain can match. */
export interface RatingsCheck {
  ratings: Map<string, number>;
  problems: RatingsProblem[];
  /**
   * Rows kept as published but never matched by a domain the pipeline sees: entries with a path
   * (`rfi.fr/en`) or characters outside host names (the published file has a few dozen).
   */
  unmatched: RatingsProblem[];
}

/**
 * Reads a `domain,pc1` CSV strictly, for a refresh: unlike the service's lenient reader
 * (parseDomainRatings, which skips what it cannot use), every row that would be skipped is a
 * problem, so a bad download cannot quietly replace the ratings; rows that are well formed but can
 * never match a domain are listed apart.
 */
export function checkRatingsCsv(text: string): RatingsCheck {
  const ratings = new Map<string, number>();
  const problems: RatingsProblem[] = [];
  const unmatched: RatingsProblem[] = [];
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trim() !== 'domain,pc1')
    problems.push({ line: 1, message: `header is "${lines[0]?.slice(0, 40) ?? ''}", expected "domain,pc1"` });
  lines.slice(1).forEach((raw, i) => {
    const line = i + 2;
    if (raw.trim() === '') return;
    const fields = raw.split(',');
    const domain = fields[0]?.trim() ?? '';
    const pc1 = Number(fields[1]);
    if (fields.length !== 2) problems.push({ line, message: `${fields.length} fields, expected 2` });
    else if (domain === '' || domain !== domain.toLowerCase() || /\s/.test(domain))
      problems.push({ line, message: `"${domain.slice(0, 60)}" is not a lower-case domain` });
    else if (fields[1]!.trim() === '' || !Number.isFinite(pc1) || pc1 < 0 || pc1 > 1)
      problems.push({ line, message: `pc1 "${fields[1]!.slice(0, 20)}" is not a number from 0 to 1` });
    else if (ratings.has(domain)) problems.push({ line, message: `"${domain}" is rated twice` });
    else {
      ratings.set(domain, pc1);
      if (!HOST.test(domain) || getDomain(domain) === null || domain.startsWith('www.'))
        unmatched.push({ line, message: `"${domain.slice(0, 60)}" is not a host name a domain can match` });
    }
  });
  if (ratings.size === 0 && problems.length === 0) problems.push({ line: 1, message: 'no ratings in the file' });
  return { ratings, problems, unmatched };
}

/** How a new set of ratings differs from the one in use. */
export interface RatingsChange {
  before: number;
  after: number;
  added: number;
  removed: number;
  /** Domains in both whose rating moved by more than 0.001. */
  changed: number;
  /** Mean absolute change over the domains in both (0 when none). */
  meanAbsChange: number;
}

/** Compares the ratings in use with new ones (domain by domain). */
export function compareRatings(before: DomainRatings, after: DomainRatings): RatingsChange {
  let kept = 0;
  let changed = 0;
  let moved = 0;
  for (const [domain, value] of after) {
    const old = before.get(domain);
    if (old === undefined) continue;
    kept += 1;
    moved += Math.abs(value - old);
    if (Math.abs(value - old) > 0.001) changed += 1;
  }
  return {
    before: before.size,
    after: after.size,
    added: after.size - kept,
    removed: before.size - kept,
    changed,
    meanAbsChange: kept === 0 ? 0 : moved / kept,
  };
}
