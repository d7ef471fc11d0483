import { expect } from 'chai';
import { JOB_CAPS, JOB_SCHEMAS, toEntryData } from '@trendscope/pipeline/queues/job-data';
import { STAGES } from '@trendscope/pipeline/queues/routing-table';
import type { FeedEntry } from '@trendscope/pipeline/sources/parse-feed';

const URL_ = 'https://example.org/a';

/** A parsed entry whose every capped field is longer than its cap. */
function oversizedEntry(): FeedEntry {
  return {
    id: URL_,
    url: URL_,
    title: 'Title',
    summary_html: `<p>${'s'.repeat(JOB_CAPS.summaryHtmlChars * 2)}</p>`,
    content_html: `<p>${'c'.repeat(JOB_CAPS.contentHtmlChars * 2)}</p>`,
    author: 'A. Writer',
    published: '2026-11-21T08:00:00Z',
    categories: Array.from({ length: JOB_CAPS.categories * 2 }, (_, i) =>
      `${i}`.padEnd(JOB_CAPS.categoryChars * 2, 'x'),
    ),
  };
}

const fetchJob = (entry: unknown) => ({
  source_id: 'src',
  feed_url: 'https://example.org/feed',
  feed_format: 'rss',
  entry,
});

describe('job data (types, caps and schemas in one place)', () => {
  it('has a schema for every stage of the routing table', () => {
    expect(Object.keys(JOB_SCHEMAS)).to.have.members([...STAGES]);
  });

  it('cuts an entry to the caps, and the fetch schema accepts what discover produces', () => {
    const entry = toEntryData(oversizedEntry(), URL_);
    expect(entry.summary_html).to.have.length(JOB_CAPS.summaryHtmlChars);
    expect(entry.content_html).to.have.length(JOB_CAPS.contentHtmlChars);
    expect(entry.categories).to.have.length(JOB_CAPS.categories);
    for (const c of entry.categories) expect(c).to.have.length(JOB_CAPS.categoryChars);
    expect(JOB_SCHEMAS.fetch.validate(fetchJob(entry)).error).to.equal(undefined);
  });

  it('refuses an entry one character or one category over a cap', () => {
    const entry = toEntryData(oversizedEntry(), URL_);
    const over = [
      { ...entry, summary_html: `${entry.summary_html}x` },
      { ...entry, content_html: `${entry.content_html}x` },
      { ...entry, categories: [...entry.categories, 'one more'] },
      { ...entry, categories: [`${entry.categories[0]}x`] },
    ];
    for (const e of over) expect(JOB_SCHEMAS.fetch.validate(fetchJob(e)).error).to.be.instanceOf(Error);
  });

  it('keeps short fields and nulls as they are', () => {
    const entry = toEntryData(
      { ...oversizedEntry(), summary_html: null, content_html: 'short', categories: ['World'] },
      URL_,
    );
    expect(entry).to.include({ summary_html: null, content_html: 'short', title: 'Title', url: URL_ });
    expect(entry.categories).to.deep.equal(['World']);
  });
});
