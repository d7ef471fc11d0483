import { request } from 'node:http';
import { expect } from 'chai';
import fc from 'fast-check';
import { startApi, type RunningApi } from '../support/api';
import { buildDataset } from '../support/dataset';
import { FACTORY_NOW, seed } from '../support/factories';
import { openTestServices, type TestServices } from '../support/services';

const PARAMS = ['q', 'category', 'hours', 'velocity', 'min_impact', 'min_quality', 'page', 'limit', 'time_window'];

const hostile = fc.constantFrom(
  '',
  ' ',
  '-1',
  '0',
  '1e309',
  'NaN',
  'Infinity',
  '99999999999999999999999',
  '0x10',
  '1_000',
  '"',
  '""',
  '-"',
  'OR OR',
  '(((',
  '\\',
  '*',
  '?',
  '{"$gt":""}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\uFFFF',
  '\uD83D\uDE00',
  'ℌ𝔢𝔩𝔩𝔬',
  'x'.repeat(5000),
  'tr_aaaaaaaa',
  'www.xn--bcher-kva.de',
  'bücher.de',
);

const value = fc.oneof(
  hostile,
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer().map(String),
  fc.double().map(String),
);

/** GET a raw path (not normalised by a URL parser); resolves with the status and body. */
function rawGet(
  api: RunningApi,
  path: string,
  method = 'GET',
): Promise<{ status: number; body: string; type: string }> {
  const { port } = new URL(api.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body, type: String(res.headers['content-type'] ?? '') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** Percent-encodes the UTF-8 bytes of every character `pattern` matches (lone surrogates included). */
function percentEncode(text: string, pattern: RegExp): string {
  return text.replace(pattern, (c) =>
    [...Buffer.from(c, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );
}

function check(res: { status: number; body: string; type: string }, label: string): void {
  expect(res.status, label).to.be.below(500);
  if (res.status === 400 && res.body === '') return; // the HTTP parser refused the request line
  if (res.body) {
    expect(res.type, label).to.match(/^(application\/json|text\/html)/);
    expect(res.body, label).not.to.match(/\bat \S+ \(|node_modules|127\.0\.0\.1:\d+/);
  }
}

describe('fuzz: random and hostile input never gives a 5xx', function () {
  this.timeout(300_000);
  let s: TestServices;
  let api: RunningApi;
  const data = buildDataset();
  const id = data.named.ai.id;
  const templates = [
    '/v1/trends/recent',
    '/v1/search',
    '/v1/categories',
    '/v1/benefits',
    '/v1/stats',
    '/health',
    `/v1/trends/${id}`,
    `/v1/content/${id}`,
    '/v1/sources/bbc.co.uk/trending',
  ];

  before(async () => {
    s = await openTestServices();
    await seed(s, { trends: data.trends, articles: data.articles, runs: data.runs });
    api = await startApi(s, { deps: { now: () => FACTORY_NOW } });
  });
  after(async () => {
    await api.close();
    await s.cleanup();
  });

  it('query parameters: random names and values on every endpoint', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...templates),
        fc.array(fc.tuple(fc.oneof(fc.constantFrom(...PARAMS), fc.string({ maxLength: 10 })), value), { maxLength: 6 }),
        async (path, pairs) => {
          const qs = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
          const full = `${path}?${qs}`;
          check(await rawGet(api, full), full);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('path segments: random and hostile trend ids and domains', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/v1/trends/', '/v1/content/', '/v1/sources/'),
        value,
        fc.boolean(),
        async (prefix, segment, encode) => {
          // Half raw (percent signs, dots and all), half encoded as a browser would.
          const seg = encode
            ? percentEncode(segment, /[^A-Za-z0-9_.~-]/gu)
            : percentEncode(segment, /[^\x21-\x7e]|[?#]/gu);
          const path = `${prefix}${seg}${prefix === '/v1/sources/' ? '/trending' : ''}`;
          check(await rawGet(api, path), path);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('methods and malformed escapes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          ...templates,
          '/v1/trends/%E0%A4%A',
          '/v1/search?q=%E0%A4%A',
          '/v1/sources/%FF/trending',
          '/%2e%2e/%2e%2e/etc/passwd',
        ),
        fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE'),
        async (path, method) => check(await rawGet(api, path, method), `${method} ${path}`),
      ),
      { numRuns: 150 },
    );
  });
});
