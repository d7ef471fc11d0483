import { expect } from 'chai';
import fc from 'fast-check';
import { getJson, startApi, type RunningApi } from '../support/api';
import { openTestServices, type TestServices } from '../support/services';

type Param = { name: string; in: string; schema: { pattern?: string } };
type Doc = { paths: Record<string, { get: { parameters: Param[] } }> };
type Answer = { domain?: string; total?: number; detail?: { type: string }[] };

// Characters that make hostnames interesting: ASCII, Latin and CJK letters, an astral letter
// (two UTF-16 units), a digit that IDNA maps away (½), right-to-left letters and separators.
const CHARS = ['a', 'z', '0', '9', '-', 'W', 'ä', 'ß', 'ü', '中', '\u{1D400}', '½', 'א', 'ا', '_', ' '];
const label = fc.string({ unit: fc.constantFrom(...CHARS), minLength: 0, maxLength: 70 });
const hostname = fc.array(label, { minLength: 1, maxLength: 5 }).map((labels) => labels.join('.'));

describe('GET /v1/sources/{domain}/trending: the published domain pattern', function () {
  this.timeout(120_000);
  let s: TestServices;
  let api: RunningApi;
  let published: RegExp;

  before(async () => {
    s = await openTestServices();
    api = await startApi(s);
    const doc = (await getJson<Doc>(api.url, '/docs/openapi.json')).body;
    const param = doc.paths['/v1/sources/{domain}/trending']!.get.parameters.find((p) => p.name === 'domain');
    expect(param?.schema.pattern).to.be.a('string');
    // JSON Schema patterns are ECMA-262 regular expressions in unicode mode.
    published = new RegExp(param!.schema.pattern!, 'u');
  });
  after(async () => {
    await api.close();
    await s.cleanup();
  });

  const answer = (domain: string) =>
    getJson<Answer>(api.url, `/v1/sources/${encodeURIComponent(domain)}/trending?limit=1`);

  it('accepts a 45-character Unicode label (the pattern allows it, its punycode is longer than 63)', async () => {
    const domain = `${[...'中文字母测试一二三四五六七八九十甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉戌亥东南西北上下左'].join('')}.cn`;
    expect([...domain.split('.')[0]!]).to.have.length(45);
    expect(published.test(domain)).to.equal(true);
    const res = await answer(domain);
    expect(res.status).to.equal(200);
    // It cannot be a stored domain, so it is compared as written and found in no trend.
    expect(res.body).to.deep.include({ domain, total: 0 });
  });

  it('answers 200 exactly for the names the pattern matches, 422 string_pattern_mismatch otherwise', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostname, fc.string({ minLength: 1, maxLength: 40 })), async (domain) => {
        fc.pre(domain.length > 0 && !['.', '..'].includes(domain));
        const res = await answer(domain);
        if (published.test(domain)) {
          expect(res.status, domain).to.equal(200);
        } else {
          expect(res.status, domain).to.equal(422);
          expect(res.body.detail?.[0]?.type, domain).to.equal('string_pattern_mismatch');
        }
      }),
      { numRuns: 300 },
    );
  });
});
