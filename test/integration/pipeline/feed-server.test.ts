import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { startFeedServer } from '@trendscope/pipeline/feed-server/feed-server';
import { corpusDir } from '@trendscope/pipeline/lab/corpus/corpus-path';

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe('local feed server', function () {
  this.timeout(60_000);

  it('serves news-please records as one RSS feed per domain plus article pages whose canonical link is the original URL', async () => {
    const server = await startFeedServer({ corpusDir: corpusDir('giveme5w1h-news-cluster') });
    try {
      expect(server.format).to.equal('news-please-jsonl');
      expect(server.itemCount).to.equal(419);
      expect(server.feedUrls.length).to.be.greaterThan(100);
      const feed = await get(server.feedUrls[0]!);
      expect(feed.headers.get('content-type')).to.match(/rss\+xml/);
      const link = /<link>(http:\/\/127\.0\.0\.1:\d+\/[^<]+)<\/link>/.exec(feed.text.split('<item>')[1]!)![1]!;
      const guid = /<guid isPermaLink="true">([^<]+)<\/guid>/.exec(feed.text)![1]!;
      const page = await get(link.replace(/&amp;/g, '&'));
      expect(page.status).to.equal(200);
      expect(page.text).to.include(`<link rel="canonical" href="${guid}">`);
      expect(page.text).to.include('"@type":"NewsArticle"');
      expect(new URL(guid).host).to.equal(new URL(link.replace(/&amp;/g, '&')).pathname.split('/')[1]);
    } finally {
      await server.close();
    }
  });

  it('shifts dates so that the newest article is now, keeping the gaps', async () => {
    const now = new Date('2026-11-22T00:00:00Z');
    const server = await startFeedServer({
      corpusDir: corpusDir('uci-news-aggregator'),
      limit: 600,
      shiftToNow: true,
      now,
    });
    try {
      expect(server.format).to.equal('uci-tsv-gz');
      expect(server.pageCount).to.equal(0);
      expect(server.feedUrls).to.have.length(2);
      const dates = (await Promise.all(server.feedUrls.map((u) => get(u)))).flatMap((f) =>
        [...f.text.matchAll(/<pubDate>([^<]+)<\/pubDate>/g)].map((m) => Date.parse(m[1]!)),
      );
      expect(dates).to.have.length(600);
      expect(Math.max(...dates)).to.equal(Math.floor(now.getTime() / 1000) * 1000);
      expect(Math.min(...dates)).to.be.lessThan(now.getTime() - 3600_000);
    } finally {
      await server.close();
    }
  });

  it('answers 404 for a headline without a page, so the pipeline falls back to the feed', async () => {
    const server = await startFeedServer({ corpusDir: corpusDir('uci-news-aggregator'), limit: 5 });
    try {
      const feed = await get(server.feedUrls[0]!);
      const link = /<item><title>[^<]*<\/title><link>([^<]+)<\/link>/.exec(feed.text)![1]!.replace(/&amp;/g, '&');
      expect((await get(link)).status).to.equal(404);
    } finally {
      await server.close();
    }
  });

  it('serves benchmark pages as they are and raw feed files unchanged, with ETags for conditional GET', async () => {
    const bench = await startFeedServer({ corpusDir: corpusDir('article-extraction-benchmark'), limit: 3 });
    const raw = await startFeedServer({ corpusDir: corpusDir('real-feeds') });
    try {
      expect(bench.format).to.equal('extraction-benchmark');
      expect(bench.pageCount).to.equal(3);
      expect(raw.format).to.equal('raw-feeds');
      expect(raw.itemCount).to.be.greaterThan(40);
      const first = await get(raw.feedUrls[0]!);
      expect(first.status).to.equal(200);
      const again = await get(raw.feedUrls[0]!, { 'if-none-match': first.headers.get('etag')! });
      expect(again.status).to.equal(304);
    } finally {
      await bench.close();
      await raw.close();
    }
  });

  it('recognises a folder by its files, not its name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'corpus-'));
    try {
      cpSync(join(corpusDir('giveme5w1h-news-cluster'), 'news_cluster_damaged.jsonl'), join(dir, 'other.jsonl'));
      const server = await startFeedServer({ corpusDir: dir });
      expect(server.format).to.equal('news-please-jsonl');
      expect(server.itemCount).to.equal(36);
      await server.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
