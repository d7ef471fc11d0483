import { pageObserved, reportedAt, type DomainArticle } from './domain-quality';
import { isSimhash, NearDuplicateIndex } from './simhash';

/** An article a new one may repeat: its near-duplicate key, domain, date and whether its page was seen. */
export type CopyCandidate = Pick<
  DomainArticle,
  'simhash' | 'domain' | 'published_date' | 'fetched_at' | 'fetch_method'
> & {
  id: string;
};

/**
 * Decides once, when detection first sees them, which new articles are copies, as
 * computeDomainQuality's originality counts them over a window: a copy repeats a near-duplicate
 * (NEAR_DUPLICATE_BITS) of its own domain seen before it (ordered by reportedAt,
 * then id; an article counted by an earlier run comes before every new one), or one of another
 * domain dated strictly earlier. `page`: the same among the domain's page-observed articles only
 * (what is measured when the domain has a prior). `earlier` are articles counted before (near
 * keys the run has read); `fresh` the new ones, decided against each other too.
 */
export function decideCopies(
  fresh: readonly CopyCandidate[],
  earlier: readonly CopyCandidate[],
): Map<string, { all: boolean; page: boolean }> {
  const index = new NearDuplicateIndex<{ c: CopyCandidate; rank: number }>();
  const freshIds = new Set(fresh.map((a) => a.id));
  for (const c of earlier) if (isSimhash(c.simhash) && !freshIds.has(c.id)) index.add(c.simhash, { c, rank: -1 });
  const ordered = [...fresh].sort((a, b) => reportedAt(a).localeCompare(reportedAt(b)) || (a.id < b.id ? -1 : 1));
  ordered.forEach((a, rank) => {
    if (isSimhash(a.simhash)) index.add(a.simhash, { c: a, rank });
  });
  const out = new Map<string, { all: boolean; page: boolean }>();
  ordered.forEach((a, rank) => {
    if (!isSimhash(a.simhash)) {
      out.set(a.id, { all: false, page: false });
      return;
    }
    const date = a.published_date;
    let all = false;
    let page = false;
    for (const { c, rank: r } of index.near(a.simhash)) {
      if (c.id === a.id) continue;
      if (c.domain === a.domain) {
        if (r >= rank) continue;
        all = true;
        if (pageObserved(c)) page = true;
      } else if (date !== null && c.published_date !== null && c.published_date < date) {
        all = true;
        page = true;
      }
      if (all && page) break;
    }
    out.set(a.id, { all, page: page && pageObserved(a) });
  });
  return out;
}
