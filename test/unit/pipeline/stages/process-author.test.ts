import { expect } from 'chai';
import type { StageDeps } from '@trendscope/pipeline/pipeline-deps';
import { runProcess } from '@trendscope/pipeline/stages/process.stage';

/** A feed item without a page: the process stage reads no Redis, only the clock. */
async function storedAuthor(author: string | null): Promise<unknown> {
  const deps = { clock: () => new Date('2026-11-27T12:00:00Z') } as unknown as StageDeps;
  const [job] = await runProcess(
    {
      source_id: 'src',
      feed_url: 'https://news.example.org/feed.xml',
      fetch_method: 'feed',
      page: null,
      page_error: null,
      entry: {
        id: null,
        url: 'https://news.example.org/2026/11/27/story',
        title: 'Harbour reopens after repairs',
        summary_html: '<p>The harbour reopened on Friday after three weeks of repairs.</p>',
        content_html: null,
        author,
        published: null,
        categories: [],
      },
    },
    deps,
  );
  return (job?.data.doc as { author?: unknown }).author;
}

describe('process stage: the author of a feed item', () => {
  it('stores a feed author that reads as a byline, without its "By"', async () => {
    expect(await storedAuthor('By Jane Doe')).to.equal('Jane Doe');
  });

  it('stores no author rather than the junk a feed repeats from its pages', async () => {
    expect(await storedAuthor('Feb')).to.equal(null);
    expect(await storedAuthor('Case Relates To Aluminium Imports')).to.equal(null);
    expect(await storedAuthor('Sean Keach, Digital Technology')).to.equal('Sean Keach');
  });
});
