import { expect } from 'chai';
import { BOUNDS, TREND_ID_PATTERN } from '@trendscope/core';
import { getJson, startApi, type RunningApi } from '../support/api';
import { buildArticle, buildTrend, FACTORY_NOW, seed } from '../support/factories';
import { openTestServices, type TestServices } from '../support/services';

type Detail = { detail: (Record<string, unknown> & { loc: string[] })[] };

const py = (n: number, float: boolean): string => (float && Number.isInteger(n) ? `${n}.0` : String(n));

describe('parameter bounds (API.md "Parameter bounds")', function () {
  this.timeout(60_000);
  let s: TestServices;
  let api: RunningApi;
  const trend = buildTrend();
  const base: Record<string, string> = {};

  before(async () => {
    s = await openTestServices();
    await seed(s, { trends: [trend], articles: [buildArticle({ trend_id: trend.id })] });
    api = await startApi(s, { deps: { now: () => FACTORY_NOW } });
    Object.assign(base, {
      recent: '/v1/trends/recent?',
      search: '/v1/search?q=bank&',
      sources: '/v1/sources/example.com/trending?',
      content: `/v1/content/${trend.id}?`,
    });
  });
  after(async () => {
    await api.close();
    await s.cleanup();
  });

  const numeric: [string, string, { min: number; max: number }, boolean][] = [
    ['recent', 'hours', BOUNDS.hours, false],
    ['recent', 'min_impact', BOUNDS.minImpact, false],
    ['recent', 'min_quality', BOUNDS.minQuality, true],
    ['recent', 'page', BOUNDS.page, false],
    ['recent', 'limit', BOUNDS.limit, false],
    ['search', 'min_impact', BOUNDS.minImpact, false],
    ['search', 'limit', BOUNDS.limit, false],
    ['sources', 'limit', BOUNDS.limit, false],
    ['content', 'limit', BOUNDS.limit, false],
  ];

  for (const [endpoint, name, { min, max }, float] of numeric) {
    describe(`${endpoint}: ${name} (${min}..${max})`, () => {
      it(`answers 200 when ${name} is ${min} and when it is ${max}`, async () => {
        for (const v of [min, max]) {
          const res = await getJson(api.url, `${base[endpoint]}${name}=${v}`);
          expect(res.status, `${name}=${v}`).to.equal(200);
        }
      });

      it(`answers 422 greater_than_equal when ${name} is ${min - 1}`, async () => {
        const res = await getJson<Detail>(api.url, `${base[endpoint]}${name}=${min - 1}`);
        expect(res.status).to.equal(422);
        expect(res.body.detail).to.deep.equal([
          {
            type: 'greater_than_equal',
            loc: ['query', name],
            msg: `Input should be greater than or equal to ${py(min, float)}`,
            input: String(min - 1),
            ctx: { ge: min },
          },
        ]);
      });

      it(`answers 422 less_than_equal when ${name} is ${max + 1}`, async () => {
        const res = await getJson<Detail>(api.url, `${base[endpoint]}${name}=${max + 1}`);
        expect(res.status).to.equal(422);
        expect(res.body.detail).to.deep.equal([
          {
            type: 'less_than_equal',
            loc: ['query', name],
            msg: `Input should be less than or equal to ${py(max, float)}`,
            input: String(max + 1),
            ctx: { le: max },
          },
        ]);
      });

      it(`answers 422 ${float ? 'float_parsing' : 'int_parsing'} when ${name} is not a number${float ? '' : ' or is 2.5'}`, async () => {
        for (const bad of float ? ['abc'] : ['abc', '2.5']) {
          const res = await getJson<Detail>(api.url, `${base[endpoint]}${name}=${bad}`);
          expect(res.status).to.equal(422);
          expect(res.body.detail).to.deep.equal([
            float
              ? {
                  type: 'float_parsing',
                  loc: ['query', name],
                  msg: 'Input should be a valid number, unable to parse string as a number',
                  input: bad,
                }
              : {
                  type: 'int_parsing',
                  loc: ['query', name],
                  msg: 'Input should be a valid integer, unable to parse string as an integer',
                  input: bad,
                },
          ]);
        }
      });
    });
  }

  it('accepts min_quality 1.0 and 10.0 written as decimals, and refuses 0.9 and 10.1', async () => {
    expect((await getJson(api.url, '/v1/trends/recent?min_quality=1.0')).status).to.equal(200);
    expect((await getJson(api.url, '/v1/trends/recent?min_quality=10.0')).status).to.equal(200);
    expect((await getJson(api.url, '/v1/trends/recent?min_quality=0.9')).status).to.equal(422);
    expect((await getJson(api.url, '/v1/trends/recent?min_quality=10.1')).status).to.equal(422);
  });

  for (const endpoint of ['recent', 'search']) {
    it(`${endpoint}: category of 1 and 64 characters is 200; empty is string_too_short, 65 is string_too_long`, async () => {
      for (const v of ['x', 'x'.repeat(64)])
        expect((await getJson(api.url, `${base[endpoint]}category=${v}`)).status).to.equal(200);
      const short = await getJson<Detail>(api.url, `${base[endpoint]}category=`);
      expect(short.body.detail).to.deep.equal([
        {
          type: 'string_too_short',
          loc: ['query', 'category'],
          msg: 'String should have at least 1 character',
          input: '',
          ctx: { min_length: 1 },
        },
      ]);
      const long = 'x'.repeat(65);
      const tooLong = await getJson<Detail>(api.url, `${base[endpoint]}category=${long}`);
      expect(tooLong.status).to.equal(422);
      expect(tooLong.body.detail).to.deep.equal([
        {
          type: 'string_too_long',
          loc: ['query', 'category'],
          msg: 'String should have at most 64 characters',
          input: long,
          ctx: { max_length: 64 },
        },
      ]);
    });
  }

  it('search: q is required (missing, input null)', async () => {
    const res = await getJson<Detail>(api.url, '/v1/search');
    expect(res.status).to.equal(422);
    expect(res.body.detail).to.deep.equal([
      { type: 'missing', loc: ['query', 'q'], msg: 'Field required', input: null },
    ]);
  });

  it('search: q of 1 and 256 characters is 200; blank is string_too_short; 257 is string_too_long', async () => {
    for (const q of ['b', 'b'.repeat(256)]) expect((await getJson(api.url, `/v1/search?q=${q}`)).status).to.equal(200);
    const blank = await getJson<Detail>(api.url, '/v1/search?q=%20%20');
    expect(blank.body.detail).to.deep.equal([
      {
        type: 'string_too_short',
        loc: ['query', 'q'],
        msg: 'String should have at least 1 character',
        input: '  ',
        ctx: { min_length: 1 },
      },
    ]);
    const long = 'b'.repeat(257);
    const tooLong = await getJson<Detail>(api.url, `/v1/search?q=${long}`);
    expect(tooLong.body.detail).to.deep.equal([
      {
        type: 'string_too_long',
        loc: ['query', 'q'],
        msg: 'String should have at most 256 characters',
        input: long,
        ctx: { max_length: 256 },
      },
    ]);
  });

  it('search: every time_window value is 200; another is literal_error', async () => {
    for (const w of BOUNDS.timeWindow.values)
      expect((await getJson(api.url, `/v1/search?q=bank&time_window=${w}`)).status).to.equal(200);
    const expected = "'1h', '24h', '7d' or '30d'";
    const res = await getJson<Detail>(api.url, '/v1/search?q=bank&time_window=2d');
    expect(res.body.detail).to.deep.equal([
      {
        type: 'literal_error',
        loc: ['query', 'time_window'],
        msg: `Input should be ${expected}`,
        input: '2d',
        ctx: { expected },
      },
    ]);
  });

  it('recent: every velocity value is 200; another is literal_error', async () => {
    for (const v of ['emerging', 'accelerating', 'peak', 'declining']) {
      expect((await getJson(api.url, `/v1/trends/recent?velocity=${v}`)).status).to.equal(200);
    }
    const expected = "'emerging', 'accelerating', 'peak' or 'declining'";
    const res = await getJson<Detail>(api.url, '/v1/trends/recent?velocity=fast');
    expect(res.body.detail).to.deep.equal([
      {
        type: 'literal_error',
        loc: ['query', 'velocity'],
        msg: `Input should be ${expected}`,
        input: 'fast',
        ctx: { expected },
      },
    ]);
  });

  for (const prefix of ['/v1/trends/', '/v1/content/']) {
    it(`${prefix}{trend_id}: 8 and 32 base32 characters are well-formed (404 unknown); 7, 33 and uppercase are 422`, async () => {
      for (const id of [`tr_${'a'.repeat(8)}`, `tr_${'a'.repeat(32)}`]) {
        expect((await getJson(api.url, `${prefix}${id}`)).status, id).to.equal(404);
      }
      for (const id of [`tr_${'a'.repeat(7)}`, `tr_${'a'.repeat(33)}`, 'tr_AAAAAAAAAA', 'tr_aaaaaaaa1']) {
        const res = await getJson<Detail>(api.url, `${prefix}${id}`);
        expect(res.status, id).to.equal(422);
        expect(res.body.detail).to.deep.equal([
          {
            type: 'string_pattern_mismatch',
            loc: ['path', 'trend_id'],
            msg: 'Input should be a trend id: tr_ and 8 to 32 characters a-z or 2-7, such as tr_k3v7x2mq4d',
            input: id,
            ctx: { pattern: TREND_ID_PATTERN.source },
          },
        ]);
      }
    });
  }

  it('sources: a malformed domain is 422 string_pattern_mismatch on ["path", "domain"]', async () => {
    for (const bad of ['not_a_domain', 'localhost', 'a..b', '-x.com']) {
      const res = await getJson<Detail>(api.url, `/v1/sources/${encodeURIComponent(bad)}/trending`);
      expect(res.status, bad).to.equal(422);
      expect(res.body.detail[0]).to.include({ type: 'string_pattern_mismatch', input: bad });
      expect(res.body.detail[0]?.loc).to.deep.equal(['path', 'domain']);
    }
  });

  it('lists every failing parameter at once, path before query', async () => {
    const res = await getJson<Detail>(api.url, '/v1/content/bad?limit=0');
    expect(res.body.detail.map((d) => d.loc)).to.deep.equal([
      ['path', 'trend_id'],
      ['query', 'limit'],
    ]);
    const many = await getJson<Detail>(
      api.url,
      '/v1/trends/recent?hours=0&velocity=x&min_impact=11&min_quality=z&page=21&limit=51',
    );
    expect(many.body.detail.map((d) => d.loc[1])).to.deep.equal([
      'hours',
      'velocity',
      'min_impact',
      'min_quality',
      'page',
      'limit',
    ]);
  });

  it('ignores unknown query parameters, as FastAPI does', async () => {
    const res = await getJson<{ limit: number }>(api.url, '/v1/trends/recent?limit=2&foo=bar&LIMIT=99');
    expect(res.status).to.equal(200);
    expect(res.body.limit).to.equal(2);
    expect((await getJson(api.url, '/v1/stats?x=1')).status).to.equal(200);
  });
});
