import { getDomain } from 'tldts';
import { coCoverage, type DomainEvidence } from '../../../src/score/domain-evidence';
import type { UciRow } from '../../corpus/uci.corpus';

/** A domain of the UCI corpus: its rows and the stories (aggregator clusters) it reported. */
export interface UciDomain {
  domain: string;
  titles: string[];
  urls: string[];
}

/** The registrable domain of a UCI row's host (the `domain` the pipeline stores). */
export function registrableDomain(hostname: string): string {
  const host = hostname.toLowerCase();
  return (getDomain(host) ?? host).replace(/^www\./, '');
}

/** UCI rows grouped by registrable domain (the `domain` the pipeline stores), in name order. */
export function uciDomains(rows: readonly UciRow[]): { domains: UciDomain[]; stories: string[][] } {
  const byDomain = new Map<string, UciDomain>();
  const byStory = new Map<string, string[]>();
  for (const row of rows) {
    const domain = registrableDomain(row.hostname);
    const d = byDomain.get(domain) ?? { domain, titles: [], urls: [] };
    d.titles.push(row.title);
    d.urls.push(row.url);
    byDomain.set(domain, d);
    const list = byStory.get(row.story) ?? [];
    list.push(domain);
    byStory.set(row.story, list);
  }
  const domains = [...byDomain.values()].sort((a, b) => (a.domain < b.domain ? -1 : 1));
  return { domains, stories: [...byStory.values()] };
}

/** Evidence of every domain, with co-coverage read through `ratingOf` (hide held-out ratings there). */
export function uciEvidence(
  data: { domains: UciDomain[]; stories: string[][] },
  ratingOf: (domain: string) => number | null,
): Map<string, DomainEvidence> {
  const coverage = coCoverage(data.stories, ratingOf);
  return new Map(
    data.domains.map((d) => [
      d.domain,
      {
        domain: d.domain,
        titles: d.titles,
        urls: d.urls,
        articles: d.titles.length,
        coverage: coverage.get(d.domain) ?? { stories: 0, rating_sum: 0 },
      },
    ]),
  );
}
