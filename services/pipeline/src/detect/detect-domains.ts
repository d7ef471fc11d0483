import type { DomainCounters, DomainDoc } from '@trendscope/core';
import {
  addToCounters,
  countedSignals,
  dayOf,
  DOMAIN_COUNTERS_VERSION,
  emptyCounters,
  type CountedArticle,
} from '../score/domain-counters';
import { decideCopies } from '../score/domain-copies';
import { domainQualityFromSignals } from '../score/domain-quality';
import { ratingOf, type DomainRatings } from '../score/domain-ratings';
import { articleTime, type StoredArticle } from './active-trend';
import { domainEstimates } from './domain-docs';
import { loadDomainArticles, loadDomainCounters, loadSimhashMatches } from './domain.repository';
import type { DomainWrite } from './domain-sample-script';
import { groupBy } from './group-by';
import type { DetectDeps } from './run-detect';

/** Most stored articles one run reads back for their near-duplicate keys (exact repeats of new reports). */
export const MAX_STORED_KEYS = 5000;

/** What a run's domain quality is updated from. */
export interface DomainRunInput {
  /** The run's new reports (every one read, assigned or left over). */
  fresh: readonly StoredArticle[];
  /** Ids of the new reports the run assigned to a trend: these are counted, once. */
  assigned: ReadonlySet<string>;
  /** Articles the run read anyway (members of the trends it rebuilt): their near-duplicate keys. */
  read: readonly StoredArticle[];
  /** The open trends after the run, each as its domains: co-coverage. */
  stories: readonly (readonly string[])[];
  now: Date;
  windowHours: number;
  ratings: DomainRatings;
}

/**
 * The quality documents of the domains the run's new reports touch, from per-domain counters
 * (score/domain-counters.ts) stored on the domain document: the new reports the run assigned are
 * added (each under its day; days older than the window dropped), their originality decided once
 * against the near-duplicate keys the run has (its new reports, the members it read, and stored
 * exact repeats, at most MAX_STORED_KEYS); the reports left without a trend count for the run's
 * document only (they are read again by the next run). A domain without counters of this version
 * has them rebuilt from its articles in the window, once. Other domains keep their documents.
 * A domain with stored counters of this version is written without its estimator's sample, with
 * the headlines the pass counted for it to merge into the stored one (domain-sample-script.ts);
 * a rebuilt or new one is written whole.
 */
export async function updateDomains(
  deps: Pick<DetectDeps, 'opensearch' | 'names'>,
  p: DomainRunInput,
): Promise<DomainWrite[]> {
  const { opensearch: client, names } = deps;
  const fromDay = dayOf(p.now.getTime() - p.windowHours * 3_600_000);
  const since = `${fromDay}T00:00:00.000Z`;
  const until = p.now.toISOString();
  const inWindow = (a: StoredArticle): boolean => dayOf(articleTime(a)) >= fromDay;
  const fresh = p.fresh.filter(inWindow);
  const touched = [...new Set(fresh.map((a) => a.domain))].sort();
  if (touched.length === 0) return [];

  const stored = await loadDomainCounters(client, names, touched);
  const missing = touched.filter((d) => stored.get(d)?.version !== DOMAIN_COUNTERS_VERSION);
  const freshIds = new Set(fresh.map((a) => a.id));
  const rebuilt = (missing.length > 0 ? await loadDomainArticles(client, names, missing, since, until) : []).filter(
    (a) => !freshIds.has(a.id),
  );
  const hashes = [...fresh, ...rebuilt].map((a) => a.simhash).filter((h): h is string => h !== null);
  const matches = await loadSimhashMatches(client, names, hashes, since, until, MAX_STORED_KEYS);
  const known = [...p.read.filter(inWindow), ...matches];
  // A rebuilt domain's articles are decided among themselves as the window's full recompute does.
  const rebuiltCopies = decideCopies(rebuilt, known);
  const freshCopies = decideCopies(fresh, [...known, ...rebuilt]);

  const rebuiltBy = groupBy(rebuilt, (a) => a.domain);
  const base = new Map(
    touched.map((domain) => {
      const c = stored.get(domain);
      if (c?.version === DOMAIN_COUNTERS_VERSION) return [domain, c] as const;
      const list = (rebuiltBy.get(domain) ?? []).map((a) => counted(a, rebuiltCopies));
      return [domain, addToCounters(emptyCounters(), list, fromDay)] as const;
    }),
  );
  const fromTime = Date.parse(`${fromDay}T00:00:00.000Z`);
  return countDomainWrites({ ...p, fresh, base, copies: freshCopies, fromDay }).map(({ doc, added }) =>
    stored.get(doc.domain)?.version === DOMAIN_COUNTERS_VERSION
      ? { doc: { ...doc, detect_counters: { ...doc.detect_counters!, recent: [] } }, added, fromTime }
      : { doc },
  );
}

/** An article as the counters count it: its time and copy decision. */
function counted(a: StoredArticle, copies: ReadonlyMap<string, CountedArticle['copy']>): CountedArticle {
  return { ...a, time: articleTime(a), copy: copies.get(a.id)! };
}

/**
 * The documents of the domains of `fresh` (new reports in the window, their copies decided) from
 * their counters before the run (`base`): the assigned ones are added to the counters kept (but
 * not those the last counting run already counted), the others count for this document only.
 */
export function countDomains(p: CountInput): DomainDoc[] {
  return countDomainWrites(p).map((w) => w.doc);
}

type CountInput = Pick<DomainRunInput, 'fresh' | 'assigned' | 'stories' | 'now' | 'ratings'> & {
  base: ReadonlyMap<string, DomainCounters>;
  copies: ReadonlyMap<string, CountedArticle['copy']>;
  fromDay: string;
};

/** countDomains with, per domain, the sample entries of the reports added to its kept counters. */
function countDomainWrites(p: CountInput): { doc: DomainDoc; added: DomainCounters['recent'] }[] {
  const estimate = domainEstimates(p.stories, p.ratings);
  return [...groupBy(p.fresh, (a) => a.domain)]
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([domain, list]) => {
      const base = p.base.get(domain) ?? emptyCounters();
      const assigned = list.filter((a) => p.assigned.has(a.id));
      // Counted by a run that stopped before its articles were marked: not counted again.
      const already = new Set(base.counted);
      const adding = assigned.filter((a) => !already.has(a.id)).map((a) => counted(a, p.copies));
      const kept = { ...addToCounters(base, adding, p.fromDay), counted: assigned.map((a) => a.id).sort() };
      const left = list.filter((a) => !p.assigned.has(a.id)).map((a) => counted(a, p.copies));
      const view = addToCounters(kept, left, p.fromDay);
      const signals = countedSignals(domain, view, p.fromDay, true)!;
      const doc = domainQualityFromSignals(signals, {
        now: p.now,
        rating: ratingOf(p.ratings, domain),
        estimate: estimate(domain, view.recent, signals.articles),
      });
      const added = adding.map((a) => ({ id: a.id, time: a.time, title: a.title, url: a.url }));
      return { doc: { ...doc, detect_counters: kept }, added };
    });
}
