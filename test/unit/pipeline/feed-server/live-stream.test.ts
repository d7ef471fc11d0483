import { expect } from 'chai';
import type { CorpusItem } from '@trendscope/pipeline/feed-server/corpus-item';
import { LiveStream } from '@trendscope/pipeline/feed-server/live-stream';

function item(n: number, published: string | null): CorpusItem {
  return {
    originalUrl: `https://news.example.com/${n}`,
    title: `Story ${n}`,
    description: null,
    text: null,
    html: null,
    authors: [],
    published: published === null ? null : new Date(published),
    publisher: null,
    category: null,
    feedKey: 'k',
  };
}

describe('LiveStream', () => {
  const T0 = Date.parse('2026-11-27T12:00:00Z');
  // Out of order on purpose: the stream plays them oldest first, undated last.
  const items = [
    item(3, '2014-03-12T00:00:00Z'),
    item(9, null),
    item(1, '2014-03-10T00:00:00Z'),
    item(2, '2014-03-11T00:00:00Z'),
  ];
  const stream = new LiveStream(
    items,
    { perSecond: 2, window: 2, startedAt: T0 },
    (i) => new URL(i.originalUrl).pathname,
  );

  it('lets items appear at the rate, oldest first, and knows a page only once its item appeared', () => {
    expect(stream.appeared(T0 - 1000)).to.equal(0);
    expect(stream.appeared(T0 + 999)).to.equal(1);
    expect(stream.appeared(T0 + 60_000)).to.equal(4);
    expect(stream.pageVisible('/1', T0 + 600)).to.equal(true);
    expect(stream.pageVisible('/2', T0 + 600)).to.equal(false);
    expect(stream.pageVisible('/9', T0 + 1600)).to.equal(false);
    expect(stream.pageVisible('/9', T0 + 2000)).to.equal(true);
    expect(stream.pageVisible('/not-in-the-corpus', T0)).to.equal(true);
  });

  it('lists the newest items of the window, newest first, dated when they appeared', () => {
    const feed = stream.feed('http://127.0.0.1:1', T0 + 1500);
    const titles = [...feed.matchAll(/<item><title>([^<]*)/g)].map((m) => m[1]);
    expect(titles).to.deep.equal(['Story 3', 'Story 2']);
    expect(feed).to.include(`<pubDate>${new Date(T0 + 1000).toUTCString()}</pubDate>`);
    expect(feed).to.include(`<pubDate>${new Date(T0 + 500).toUTCString()}</pubDate>`);
    expect(stream.feed('http://127.0.0.1:1', T0 - 1)).not.to.include('<item>');
  });

  it('refuses a rate that is not above 0', () => {
    expect(() => new LiveStream(items, { perSecond: 0, window: 1, startedAt: T0 }, () => '/')).to.throw(/rate/);
  });
});
