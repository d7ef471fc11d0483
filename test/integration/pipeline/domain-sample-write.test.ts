import { expect } from 'chai';
import type { DomainCounters, DomainDoc } from '@trendscope/core';
import { bulkWrite } from '@trendscope/pipeline/detect/detect.repository';
import { domainSampleUpdate } from '@trendscope/pipeline/detect/domain-sample-script';
import {
  addToCounters,
  dayOf,
  emptyCounters,
  ESTIMATE_SAMPLE,
  type CountedArticle,
} from '@trendscope/pipeline/score/domain-counters';
import { useTestServices } from '../../support/services';

const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-20T00:00:00Z');
const FROM_DAY = dayOf(NOW - 7 * 24 * HOUR);

/** A counted article of example.com at `time` (only what the sample and the day counts read). */
function article(id: string, time: number): CountedArticle {
  return {
    id,
    time,
    domain: 'example.com',
    publisher: 'Example',
    author: null,
    published_date: new Date(time).toISOString(),
    fetched_at: new Date(time).toISOString(),
    word_count: 400,
    simhash: null,
    https: true,
    content_retained: true,
    fetch_method: 'page',
    title: `Headline ${id}`,
    url: `https://example.com/${id}`,
    copy: { all: false, page: false },
  } as unknown as CountedArticle;
}

/** The domain document detection would write whole for `counters`. */
function domainDoc(counters: DomainCounters, score: number): DomainDoc {
  return {
    domain: 'example.com',
    quality_score: score,
    updated_at: new Date(NOW).toISOString(),
    detect_counters: counters,
  } as unknown as DomainDoc;
}

/**
 * A domain with stored counters is written without its estimator's sample and with the pass's
 * headlines, merged where it is stored (domain-sample-script.ts): the stored document must equal
 * the whole document addToCounters makes, at the sample's edges (a full sample, ties in time
 * ordered by id, headlines older than the window's first day dropped, an id counted again).
 */
describe('domain write with the estimator sample merged where it is stored (real OpenSearch)', function () {
  this.timeout(60_000);
  const s = useTestServices({ migrate: true });

  it('stores what the whole write stores', async () => {
    // 230 stored headlines from 8 days back, 3 every 2 hours (ties): the sample holds the newest
    // 200, and the window's first day (7 days back) drops 6 of them.
    const before = Array.from({ length: 230 }, (_, i) =>
      article(`s${String(i).padStart(3, '0')}`, NOW - 8 * 24 * HOUR + Math.floor(i / 3) * 2 * HOUR),
    );
    const stored = addToCounters(emptyCounters(), before, dayOf(NOW - 20 * 24 * HOUR));
    expect(stored.recent.length).to.equal(ESTIMATE_SAMPLE);
    await bulkWrite(s.opensearch, s.names.domains, [{ id: 'example.com', doc: domainDoc(stored, 0.5) }], 'index');

    // The pass: 13 new headlines (two at the newest stored time, on either side of its id), one
    // before the window's first day, one stored id again with another headline; the sample is cut.
    const newest = before[before.length - 1]!.time;
    const adding = [
      article('s2291', newest),
      article('a0', newest),
      article('n3', NOW - 30 * 24 * HOUR),
      ...Array.from({ length: 11 }, (_, i) => article(`n${String(i + 10)}`, NOW - (i + 1) * HOUR)),
      { ...before[229]!, title: 'Headline s229, corrected' },
    ];
    const kept = addToCounters(stored, adding, FROM_DAY);
    const whole = domainDoc(kept, 0.6);
    const added = adding.map((a) => ({ id: a.id, time: a.time, title: a.title, url: a.url }));
    const partial = {
      doc: { ...whole, detect_counters: { ...kept, recent: [] } },
      added,
      fromTime: Date.parse(`${FROM_DAY}T00:00:00.000Z`),
    };
    expect(JSON.stringify(domainSampleUpdate(partial))).not.to.contain('Headline s100');
    await bulkWrite(s.opensearch, s.names.domains, [{ id: 'example.com', doc: domainSampleUpdate(partial) }], 'script');

    const res = await s.opensearch.get({ index: s.names.domains, id: 'example.com' });
    const got = res.body._source as unknown as DomainDoc;
    expect(got).to.deep.equal(whole);
    expect(got.detect_counters!.recent.length).to.equal(ESTIMATE_SAMPLE);
    expect(got.detect_counters!.recent.every((r) => dayOf(r.time) >= FROM_DAY)).to.equal(true);
  });
});
