import type { DomainCounters, DomainDoc } from '@trendscope/core';
import { ESTIMATE_SAMPLE } from '../score/domain-counters';

/**
 * A pass's write of a domain's quality counters: the painless script that merges the pass's
 * headlines into the stored estimator sample in OpenSearch, so a pass does not send every touched
 * domain's whole sample (docs/ARCHITECTURE.md, "Domain quality counters").
 */

/**
 * A domain document as a pass writes it. Without `added`, whole. With it, the document's
 * counters go without the estimator's sample (`recent` is empty here) and the stored sample is
 * merged with `added` (the headlines of the reports the pass counted for the domain) where it is
 * stored, as addToCounters merges them: the write follows the pass's reports, not the
 * ESTIMATE_SAMPLE headlines and URLs every touched domain keeps (most of a late-month pass's
 * domain JSON).
 */
export interface DomainWrite {
  doc: DomainDoc;
  added?: DomainCounters['recent'];
  /** Start of the window's first day (ms): older headlines leave the sample. */
  fromTime?: number;
}

/**
 * The stored sample merged with the pass's headlines, in addToCounters' order: each id once (the
 * pass's entry over the stored one), those from the window's first day on, the most recent first
 * (then by id), at most `size`; the rest of the document replaced by `doc`.
 */
export const DOMAIN_SAMPLE_SCRIPT = `
Map byId = new LinkedHashMap();
def stored = ctx._source.detect_counters;
if (stored != null && stored.recent != null) { for (def r : stored.recent) { byId.put(r.id, r); } }
for (def r : params.added) { byId.put(r.id, r); }
List recent = new ArrayList();
for (def r : byId.values()) { if (((Number) r.time).longValue() >= params.from) { recent.add(r); } }
recent.sort((a, b) -> {
  long ta = ((Number) a.time).longValue();
  long tb = ((Number) b.time).longValue();
  if (ta != tb) { return ta > tb ? -1 : 1; }
  return ((String) a.id).compareTo((String) b.id);
});
if (recent.size() > params.size) { recent = new ArrayList(recent.subList(0, params.size)); }
Map counters = new HashMap(params.doc.detect_counters);
counters.recent = recent;
ctx._source.clear();
ctx._source.putAll(params.doc);
ctx._source.detect_counters = counters;
`;

/** The bulk update body of a partial domain write (the helper's `doc` left out). */
export function domainSampleUpdate(w: Required<DomainWrite>): { doc: undefined; script: object } {
  return {
    doc: undefined,
    script: {
      lang: 'painless',
      source: DOMAIN_SAMPLE_SCRIPT,
      params: { doc: w.doc, added: w.added, from: w.fromTime, size: ESTIMATE_SAMPLE },
    },
  };
}
