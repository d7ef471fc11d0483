import { expect } from 'chai';
import {
  collectIssues,
  normaliseDomain,
  RECENT_TRENDS_PARAMS,
  RequestValidationError,
  SEARCH_PARAMS,
  SOURCE_PATH_PARAMS,
  TREND_PATH_PARAMS,
  CONTENT_PARAMS,
  DOMAIN_PATTERN,
  validateParams,
  validateRequest,
} from '@trendscope/core';

const recent = (raw: Record<string, string>) => collectIssues(RECENT_TRENDS_PARAMS, raw, 'query').issues;

describe('joi -> pydantic issue table', () => {
  it('maps a missing required parameter to missing / "Field required" with input null', () => {
    expect(collectIssues(SEARCH_PARAMS, {}, 'query').issues).to.deep.equal([
      { type: 'missing', loc: ['query', 'q'], msg: 'Field required', input: null },
    ]);
  });

  it('maps a non-integer to int_parsing, also for 2.5 and 1e1', () => {
    for (const input of ['abc', '2.5', '1e1', '']) {
      expect(recent({ page: input })).to.deep.equal([
        {
          type: 'int_parsing',
          loc: ['query', 'page'],
          msg: 'Input should be a valid integer, unable to parse string as an integer',
          input,
        },
      ]);
    }
  });

  it('accepts integers pydantic accepts: padded, signed, with .0', () => {
    expect(collectIssues(RECENT_TRENDS_PARAMS, { page: ' 2 ', limit: '+3', hours: '4.0' }, 'query')).to.deep.include({
      issues: [],
    });
  });

  it('maps a non-number to float_parsing', () => {
    expect(recent({ min_quality: 'x' })).to.deep.equal([
      {
        type: 'float_parsing',
        loc: ['query', 'min_quality'],
        msg: 'Input should be a valid number, unable to parse string as a number',
        input: 'x',
      },
    ]);
  });

  it('maps a value under the minimum to greater_than_equal with ctx.ge', () => {
    expect(recent({ limit: '0' })).to.deep.equal([
      {
        type: 'greater_than_equal',
        loc: ['query', 'limit'],
        msg: 'Input should be greater than or equal to 1',
        input: '0',
        ctx: { ge: 1 },
      },
    ]);
  });

  it('writes float bounds as Python does (1.0)', () => {
    expect(recent({ min_quality: '0.9' })[0]?.msg).to.equal('Input should be greater than or equal to 1.0');
    expect(recent({ min_quality: '10.1' })[0]?.msg).to.equal('Input should be less than or equal to 10.0');
  });

  it('maps a value over the maximum to less_than_equal with ctx.le', () => {
    expect(recent({ limit: '51' })).to.deep.equal([
      {
        type: 'less_than_equal',
        loc: ['query', 'limit'],
        msg: 'Input should be less than or equal to 50',
        input: '51',
        ctx: { le: 50 },
      },
    ]);
  });

  it('maps a huge integer to the bound on its side, as pydantic does', () => {
    expect(recent({ hours: '99999999999999999999' })[0]?.type).to.equal('less_than_equal');
    expect(recent({ hours: '-99999999999999999999' })[0]?.type).to.equal('greater_than_equal');
  });

  it('maps a value outside an enum to literal_error with ctx.expected', () => {
    const expected = "'emerging', 'accelerating', 'peak' or 'declining'";
    expect(recent({ velocity: 'fast' })).to.deep.equal([
      {
        type: 'literal_error',
        loc: ['query', 'velocity'],
        msg: `Input should be ${expected}`,
        input: 'fast',
        ctx: { expected },
      },
    ]);
  });

  it('maps a too short and a too long string to string_too_short / string_too_long', () => {
    expect(collectIssues(SEARCH_PARAMS, { q: '   ' }, 'query').issues).to.deep.equal([
      {
        type: 'string_too_short',
        loc: ['query', 'q'],
        msg: 'String should have at least 1 character',
        input: '   ',
        ctx: { min_length: 1 },
      },
    ]);
    const long = 'x'.repeat(257);
    expect(collectIssues(SEARCH_PARAMS, { q: long }, 'query').issues).to.deep.equal([
      {
        type: 'string_too_long',
        loc: ['query', 'q'],
        msg: 'String should have at most 256 characters',
        input: long,
        ctx: { max_length: 256 },
      },
    ]);
  });

  it('maps a pattern failure to string_pattern_mismatch with the pattern', () => {
    expect(collectIssues(TREND_PATH_PARAMS, { trend_id: 'tr_ABC' }, 'path').issues).to.deep.equal([
      {
        type: 'string_pattern_mismatch',
        loc: ['path', 'trend_id'],
        msg: 'Input should be a trend id: tr_ and 8 to 32 characters a-z or 2-7, such as tr_k3v7x2mq4d',
        input: 'tr_ABC',
        ctx: { pattern: '^tr_[a-z2-7]{8,32}$' },
      },
    ]);
  });

  it('says what a domain should be in words, keeping type and ctx (the pattern) as pydantic writes them', () => {
    const [issue] = collectIssues(SOURCE_PATH_PARAMS, { domain: 'not a host' }, 'path').issues;
    expect(issue).to.deep.equal({
      type: 'string_pattern_mismatch',
      loc: ['path', 'domain'],
      msg: 'Input should be a hostname such as reuters.com (1 to 253 characters; letters, digits, hyphens, dots)',
      input: 'not a host',
      ctx: { pattern: DOMAIN_PATTERN },
    });
  });

  it('lists one entry per failing parameter, in declaration order', () => {
    expect(recent({ limit: '99', page: 'x', velocity: 'y' }).map((i) => i.loc[1])).to.deep.equal([
      'velocity',
      'page',
      'limit',
    ]);
  });

  it('reads the last value of a repeated parameter and ignores unknown ones', () => {
    const value = validateParams<{ limit: number }>(RECENT_TRENDS_PARAMS, { limit: ['99', '5'], nope: 'x' }, 'query');
    expect(value.limit).to.equal(5);
    expect(value).not.to.have.property('nope');
  });

  it('applies defaults and case-folds category', () => {
    expect(validateParams(RECENT_TRENDS_PARAMS, { category: 'TechNology' }, 'query')).to.deep.equal({
      category: 'technology',
      page: 1,
      limit: 20,
    });
  });

  it('reports path issues before query issues in one error', () => {
    let caught: unknown;
    try {
      validateRequest({
        path: { schema: TREND_PATH_PARAMS, raw: { trend_id: 'x' } },
        query: { schema: CONTENT_PARAMS, raw: { limit: '0' } },
      });
    } catch (e) {
      caught = e;
    }
    expect(caught).to.be.instanceOf(RequestValidationError);
    expect((caught as RequestValidationError).issues.map((i) => i.loc)).to.deep.equal([
      ['path', 'trend_id'],
      ['query', 'limit'],
    ]);
  });
});

describe('domain normalisation', () => {
  it('case-folds, drops a leading www. and writes IDNs in punycode', () => {
    expect(normaliseDomain('WWW.BBC.co.uk')).to.equal('bbc.co.uk');
    expect(normaliseDomain('www.Bücher.de')).to.equal('xn--bcher-kva.de');
    expect(normaliseDomain('xn--bcher-kva.de')).to.equal('xn--bcher-kva.de');
  });

  it('refuses what is not a hostname', () => {
    for (const bad of ['localhost', 'a b.com', 'exa_mple.com', '-x.com', 'x..com', 'x.com.', '../etc', '']) {
      expect(normaliseDomain(bad), bad).to.equal(null);
    }
  });

  it('answers 422 string_pattern_mismatch for a malformed domain and gives the stored form otherwise', () => {
    expect(collectIssues(SOURCE_PATH_PARAMS, { domain: 'not a domain' }, 'path').issues[0]?.type).to.equal(
      'string_pattern_mismatch',
    );
    expect(validateParams(SOURCE_PATH_PARAMS, { domain: 'www.Bücher.de' }, 'path')).to.deep.equal({
      domain: 'xn--bcher-kva.de',
    });
  });
});
