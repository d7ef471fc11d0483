import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'chai';
import { getJson, startApi, type RunningApi } from '../support/api';
import { buildDataset } from '../support/dataset';
import { FACTORY_NOW, seed } from '../support/factories';
import { openTestServices, type TestServices } from '../support/services';

type Schema = Record<string, unknown> & {
  type?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  enum?: string[];
  default?: unknown;
  pattern?: string;
};
type Param = { name: string; in: 'query' | 'path'; required: boolean; description: string; schema: Schema };
type Operation = {
  operationId: string;
  description: string;
  parameters: Param[];
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: Schema }> }>;
};
type Doc = Record<string, unknown> & {
  paths: Record<string, { get: Operation }>;
  components: { schemas: Record<string, Schema> };
};
type Detail = { detail: { type: string; loc: string[]; ctx?: Record<string, unknown> }[] };

const API_PATHS = [
  '/health',
  '/v1/trends/recent',
  '/v1/trends/{trend_id}',
  '/v1/search',
  '/v1/categories',
  '/v1/sources/{domain}',
  '/v1/sources/{domain}/trending',
  '/v1/content/{trend_id}',
  '/v1/benefits',
  '/v1/stats',
  '/docs/openapi.json',
];

describe('OpenAPI document and /docs', function () {
  this.timeout(60_000);
  let s: TestServices;
  let api: RunningApi;
  let doc: Doc;
  const data = buildDataset();
  const id = data.named.ai.id;

  // A valid request path for an operation, with `override` for one parameter.
  const requestPath = (path: string, op: Operation, override?: [string, string]): string => {
    const values: Record<string, string> = { trend_id: id, domain: 'bbc.co.uk', q: 'ai' };
    if (override) values[override[0]] = override[1];
    const filled = path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(values[n] ?? ''));
    const query = op.parameters
      .filter((p) => p.in === 'query' && (p.required || p.name === override?.[0]))
      .map((p) => `${p.name}=${encodeURIComponent(values[p.name] ?? '')}`);
    return query.length ? `${filled}?${query.join('&')}` : filled;
  };

  before(async () => {
    s = await openTestServices();
    await seed(s, { trends: data.trends, articles: data.articles, runs: data.runs, domains: data.domains });
    // A long cache slot: the ETag names its time slot, so a 200 and its conditional GET sent across a
    // slot's end would name two answers and the 304 check below would fail by chance.
    api = await startApi(s, { env: { API_CACHE_TTL_MS: '600000' }, deps: { now: () => FACTORY_NOW } });
    doc = (await getJson<Doc>(api.url, '/docs/openapi.json')).body;
  });
  after(async () => {
    await api.close();
    await s.cleanup();
  });

  it('is a valid OpenAPI 3.1.0 document, version 0.2.0, with a server', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors, JSON.stringify(result.errors)).to.equal(undefined);
    expect(result.valid).to.equal(true);
    expect(doc.openapi).to.equal('3.1.0');
    expect((doc.info as { version: string }).version).to.equal('0.2.0');
    expect((doc.servers as { url: string }[])[0]?.url).to.be.a('string');
  });

  it('documents every path with typed, described parameters and 200/404/422/503 answers', () => {
    expect(Object.keys(doc.paths)).to.have.members(API_PATHS);
    for (const [path, { get: op }] of Object.entries(doc.paths)) {
      expect(op.description.length, path).to.be.above(20);
      expect(op.responses['200']?.content?.['application/json']?.schema, path).to.be.an('object');
      for (const p of op.parameters) {
        expect(p.schema.type, `${path} ${p.name}`).to.be.oneOf(['string', 'integer', 'number']);
        expect(p.description, `${path} ${p.name}`).to.not.equal('');
      }
      if (op.parameters.length > 0) {
        expect(op.responses['422']?.content?.['application/json']?.schema).to.deep.equal({
          $ref: '#/components/schemas/ValidationError',
        });
      }
      if (path !== '/docs/openapi.json') expect(op.responses['503'], path).to.be.an('object');
      if (path.includes('{trend_id}') || path === '/v1/sources/{domain}') {
        expect(op.responses['404'], path).to.be.an('object');
      }
    }
    const recent = doc.paths['/v1/trends/recent']!.get.parameters;
    expect(recent.find((p) => p.name === 'limit')?.schema).to.deep.equal({
      type: 'integer',
      minimum: 1,
      maximum: 50,
      default: 20,
    });
    expect(recent.find((p) => p.name === 'velocity')?.schema.enum).to.deep.equal([
      'emerging',
      'accelerating',
      'peak',
      'declining',
    ]);
    expect(doc.paths['/v1/search']!.get.parameters.find((p) => p.name === 'q')?.required).to.equal(true);
  });

  it('declares both key schemes as optional, and the 401 and 429 answers with their headers', () => {
    const raw = doc as unknown as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string; in?: string; name?: string }> };
      paths: Record<
        string,
        { get: { security: object[]; responses: Record<string, { headers?: Record<string, unknown> }> } }
      >;
    };
    expect(raw.components.securitySchemes.bearerKey).to.include({ type: 'http', scheme: 'bearer' });
    expect(raw.components.securitySchemes.headerKey).to.include({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    for (const [path, { get: op }] of Object.entries(raw.paths)) {
      if (path === '/health' || path === '/docs/openapi.json') {
        expect(op.security, path).to.deep.equal([]);
        continue;
      }
      expect(op.security, path).to.deep.equal([{}, { bearerKey: [] }, { headerKey: [] }]);
      expect(Object.keys(op.responses['401']?.headers ?? {}), path).to.include.members([
        'RateLimit',
        'RateLimit-Policy',
      ]);
      expect(Object.keys(op.responses['429']?.headers ?? {}), path).to.include.members([
        'Retry-After',
        'RateLimit',
        'RateLimit-Policy',
      ]);
      expect(Object.keys(op.responses['200']?.headers ?? {}), path).to.include.members([
        'RateLimit',
        'RateLimit-Policy',
      ]);
    }
  });

  it('declares every header a 200, a 304 and a 401 carry, and Retry-After on a 503', async () => {
    const answerHeaders = ['etag', 'last-modified', 'age', 'ratelimit', 'ratelimit-policy', 'www-authenticate'];
    const declared = (path: string, status: string): string[] =>
      Object.keys(doc.paths[path]!.get.responses[status]?.headers ?? {}).map((h) => h.toLowerCase());
    const carried = (res: Response): string[] => answerHeaders.filter((h) => res.headers.has(h));
    const path = '/v1/trends/recent';
    const ok = await fetch(`${api.url}${path}`);
    const etag = ok.headers.get('etag')!;
    const notModified = await fetch(`${api.url}${path}`, { headers: { 'if-none-match': etag } });
    const refused = await fetch(`${api.url}${path}`, { headers: { authorization: 'Bearer ts_live_not-a-key' } });
    for (const [res, status] of [
      [ok, '200'],
      [notModified, '304'],
      [refused, '401'],
    ] as const) {
      expect(res.status).to.equal(Number(status));
      expect(carried(res), `${status} carries`).to.not.be.empty;
      expect(declared(path, status), `${status} declares`).to.include.members(carried(res));
    }
    for (const p of Object.keys(doc.paths).filter((p) => p.startsWith('/v1/'))) {
      expect(declared(p, '503'), p).to.include('retry-after');
    }
  });

  it('declares on every path the 405 that another method gets, with its Allow header and body', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema({ $id: 'doc', components: doc.components });
    for (const [path, { get: op }] of Object.entries(doc.paths)) {
      const declared = op.responses['405'];
      expect(declared, path).to.be.an('object');
      const schema = JSON.parse(
        JSON.stringify(declared!.content!['application/json']!.schema).replaceAll('"#/components', '"doc#/components'),
      ) as Schema;
      const validate = ajv.compile(schema);
      for (const method of ['POST', 'PUT', 'DELETE']) {
        const res = await fetch(`${api.url}${requestPath(path, op)}`, { method });
        const body: unknown = await res.json();
        expect(res.status, `${method} ${path}`).to.equal(405);
        expect(body).to.deep.equal({ detail: 'Method Not Allowed' });
        expect(validate(body), `${path}: ${JSON.stringify(validate.errors)}`).to.equal(true);
        expect(res.headers.get('allow')).to.equal('GET, HEAD, OPTIONS');
        expect(
          Object.keys(declared!.headers ?? {}).map((h) => h.toLowerCase()),
          path,
        ).to.include('allow');
      }
    }
  });

  it('states exactly the bounds the API enforces (min and max pass, one step outside fails with that bound)', async () => {
    let checked = 0;
    for (const [path, { get: op }] of Object.entries(doc.paths)) {
      for (const p of op.parameters) {
        const { minimum, maximum, minLength, maxLength } = p.schema;
        const cases: [string, number, string | null][] = [];
        if (minimum !== undefined)
          cases.push([String(minimum), 200, null], [String(minimum - 1), 422, 'greater_than_equal']);
        if (maximum !== undefined)
          cases.push([String(maximum), 200, null], [String(maximum + 1), 422, 'less_than_equal']);
        if (minLength !== undefined && p.in === 'query')
          cases.push(['a'.repeat(minLength), 200, null], ['', 422, 'string_too_short']);
        if (maxLength !== undefined && p.in === 'query')
          cases.push(['a'.repeat(maxLength), 200, null], ['a'.repeat(maxLength + 1), 422, 'string_too_long']);
        for (const v of p.schema.enum ?? []) cases.push([v, 200, null]);
        if (p.schema.enum) cases.push(['not-a-value', 422, 'literal_error']);
        for (const [value, status, type] of cases) {
          const res = await getJson<Detail>(api.url, requestPath(path, op, [p.name, value]));
          const okStatus = status === 200 ? [200, 404] : [status];
          expect(okStatus, `${path} ${p.name}=${value.slice(0, 20)}`).to.include(res.status);
          if (type) {
            expect(res.body.detail[0]).to.deep.include({ type, loc: [p.in, p.name] });
            if (type === 'greater_than_equal') expect(res.body.detail[0]?.ctx).to.deep.equal({ ge: minimum });
            if (type === 'less_than_equal') expect(res.body.detail[0]?.ctx).to.deep.equal({ le: maximum });
          }
          checked += 1;
        }
        if (p.schema.pattern && p.in === 'path') {
          const res = await getJson<Detail>(api.url, requestPath(path, op, [p.name, 'no such thing']));
          expect(res.status).to.equal(422);
          expect(res.body.detail[0]?.ctx).to.deep.equal({ pattern: p.schema.pattern });
          checked += 1;
        }
      }
    }
    expect(checked).to.be.above(40);
  });

  it('describes the real answers: every 200 body validates against its response schema', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema({ $id: 'doc', components: doc.components });
    for (const [path, { get: op }] of Object.entries(doc.paths)) {
      if (path === '/docs/openapi.json') continue;
      const schema = JSON.parse(
        JSON.stringify(op.responses['200']!.content!['application/json']!.schema).replaceAll(
          '"#/components',
          '"doc#/components',
        ),
      ) as Schema;
      const validate = ajv.compile(schema);
      const res = await getJson(api.url, requestPath(path, op));
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).to.equal(200);
      expect(validate(res.body), `${path}: ${JSON.stringify(validate.errors)}`).to.equal(true);
    }
  });

  it('renders /docs as a readable HTML page with every path and no external assets', async () => {
    const res = await fetch(`${api.url}/docs`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('text/html; charset=utf-8');
    const html = await res.text();
    for (const path of API_PATHS) expect(html).to.include(path);
    expect(html).to.include('1..50');
    expect(html).not.to.match(/<script|<link|src=|@import|https?:\/\/(?!127\.0\.0\.1)[^'"<\s]*\.(js|css)/i);
  });
});
