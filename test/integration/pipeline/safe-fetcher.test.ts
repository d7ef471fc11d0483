import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { expect } from 'chai';
import { createSafeFetcher, type SafeFetcherOptions } from '@trendscope/pipeline/fetch/safe-fetcher';
import { FetchError } from '@trendscope/pipeline/fetch/fetch-error';
import { RobotsCache } from '@trendscope/pipeline/fetch/robots-cache';
import { openTestServices, type TestServices } from '../../support/services';

async function expectFetchError(p: Promise<unknown>, code: string): Promise<FetchError> {
  try {
    await p;
  } catch (err) {
    expect(err, String(err)).to.be.instanceOf(FetchError);
    expect((err as FetchError).code).to.equal(code);
    return err as FetchError;
  }
  return expect.fail(`expected FetchError ${code}`);
}

describe('safe fetcher against a real local HTTP server', () => {
  let server: Server;
  let base: string;
  let host: string;
  const seen: Array<{ url: string; ua: string | undefined }> = [];

  before(async () => {
    server = createServer((req, res) => {
      seen.push({ url: req.url ?? '', ua: req.headers['user-agent'] });
      const url = req.url ?? '/';
      if (url === '/ok') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
      if (url === '/gzip') {
        return void res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(Buffer.from('zipped')));
      }
      if (url === '/bomb') {
        return void res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(200_000)));
      }
      if (url === '/big') return void res.writeHead(200).end(Buffer.alloc(50_000, 97));
      if (url === '/big-chunked') {
        res.writeHead(200);
        for (let i = 0; i < 50; i++) res.write(Buffer.alloc(1000, 97));
        return void res.end();
      }
      if (url === '/to-private') return void res.writeHead(302, { location: 'http://10.0.0.1/secret' }).end();
      if (url === '/to-metadata') {
        return void res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      }
      if (url === '/to-ok') return void res.writeHead(302, { location: '/ok' }).end();
      if (url.startsWith('/loop')) {
        const n = Number(url.slice(5) || 0);
        return void res.writeHead(302, { location: `/loop${n + 1}` }).end();
      }
      if (url === '/slow') return void setTimeout(() => res.writeHead(200).end('late'), 3000);
      if (url === '/etag') {
        if (req.headers['if-none-match'] === '"v1"') return void res.writeHead(304).end();
        return void res.writeHead(200, { etag: '"v1"', 'last-modified': 'Sat, 21 Nov 2026 10:00:00 GMT' }).end('feed');
      }
      if (url === '/gone') return void res.writeHead(410).end();
      if (url === '/busy') return void res.writeHead(503).end();
      if (url === '/robots.txt') {
        return void res.writeHead(200).end('User-agent: Trendscope\nDisallow: /private/\n\nUser-agent: *\nAllow: /\n');
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    host = `127.0.0.1:${port}`;
    base = `http://${host}`;
  });
  after(() => server.close());

  const make = (over: Partial<SafeFetcherOptions> = {}) =>
    createSafeFetcher({
      userAgent: 'Trendscope/0.2 (+https://example.org/bot)',
      timeoutMs: 1000,
      maxBytes: 10_000,
      maxRedirects: 3,
      allowHosts: [host],
      ...over,
    });

  it('refuses 127.0.0.1 when it is not allow-listed', async () => {
    const f = make({ allowHosts: [] });
    const err = await expectFetchError(f.fetch(`${base}/ok`), 'blocked_address');
    expect(err.permanent).to.be.true;
    expect(err.message).to.match(/loopback/);
    await f.close();
  });

  it('refuses a host name that resolves to a loopback address (checked after DNS)', async () => {
    const { port } = server.address() as AddressInfo;
    const f = make({ allowHosts: [] });
    await expectFetchError(f.fetch(`http://localhost:${port}/ok`), 'blocked_address');
    await f.close();
  });

  it('fetches an allow-listed local host and sends the configured user agent', async () => {
    const f = make();
    const res = await f.fetch(`${base}/ok`);
    expect(res.status).to.equal(200);
    expect(res.body.toString()).to.equal('hello');
    expect(seen.at(-1)?.ua).to.equal('Trendscope/0.2 (+https://example.org/bot)');
    await f.close();
  });

  it('refuses a redirect to a private address even from an allow-listed host', async () => {
    const f = make();
    await expectFetchError(f.fetch(`${base}/to-private`), 'blocked_address');
    await expectFetchError(f.fetch(`${base}/to-metadata`), 'blocked_address');
    await f.close();
  });

  it('follows a redirect within the cap and reports the final URL', async () => {
    const f = make();
    const res = await f.fetch(`${base}/to-ok`);
    expect(res.url).to.equal(`${base}/ok`);
    await f.close();
  });

  it('stops after the redirect cap', async () => {
    const f = make();
    const err = await expectFetchError(f.fetch(`${base}/loop0`), 'too_many_redirects');
    expect(err.permanent).to.be.true;
    await f.close();
  });

  it('refuses bodies over the size cap, declared or streamed, and decompression bombs', async () => {
    const f = make();
    await expectFetchError(f.fetch(`${base}/big`), 'too_large');
    await expectFetchError(f.fetch(`${base}/big-chunked`), 'too_large');
    await expectFetchError(f.fetch(`${base}/bomb`), 'too_large');
    expect((await f.fetch(`${base}/gzip`)).body.toString()).to.equal('zipped');
    await f.close();
  });

  it('times out a slow response as a transient failure', async () => {
    const f = make({ timeoutMs: 300 });
    const err = await expectFetchError(f.fetch(`${base}/slow`), 'timeout');
    expect(err.permanent).to.be.false;
    await f.close();
  });

  it('answers 304 to a conditional GET with the remembered ETag', async () => {
    const f = make();
    const first = await f.fetch(`${base}/etag`);
    expect(first.etag).to.equal('"v1"');
    expect(first.lastModified).to.match(/2026/);
    const second = await f.fetch(`${base}/etag`, { validators: { etag: first.etag } });
    expect(second.notModified).to.be.true;
    expect(second.status).to.equal(304);
    await f.close();
  });

  it('classifies 410 as permanent and 503 as transient', async () => {
    const f = make();
    expect((await expectFetchError(f.fetch(`${base}/gone`), 'http_status')).permanent).to.be.true;
    expect((await expectFetchError(f.fetch(`${base}/busy`), 'http_status')).permanent).to.be.false;
    await f.close();
  });

  it('refuses other schemes', async () => {
    const f = make();
    await expectFetchError(f.fetch('file:///etc/passwd'), 'bad_url');
    await expectFetchError(f.fetch('ftp://example.org/x'), 'bad_url');
    await f.close();
  });

  describe('robots.txt', () => {
    let services: TestServices;
    before(async () => {
      services = await openTestServices();
    });
    after(() => services.cleanup());

    it('honours a disallow for our product token and caches the file in Redis', async () => {
      const f = make();
      const robots = new RobotsCache({
        redis: services.redis,
        keyPrefix: services.prefix,
        fetch: f.fetch,
        userAgent: 'Trendscope/0.2 (+https://example.org/bot)',
        ttlSeconds: 60,
      });
      expect(await robots.isAllowed(`${base}/ok`)).to.be.true;
      const err = await expectFetchError(robots.assertAllowed(`${base}/private/page`), 'robots_disallowed');
      expect(err.permanent).to.be.true;
      const robotsHits = seen.filter((s) => s.url === '/robots.txt').length;
      expect(robotsHits).to.equal(1);
      const keys = await services.redis.keys(`${services.prefix}:robots:*`);
      expect(keys).to.have.length(1);
      expect(await services.redis.ttl(keys[0]!)).to.be.within(1, 60);
      await f.close();
    });
  });
});
