import { expect } from 'chai';
import {
  RECENT_TRENDS_PARAMS,
  RequestValidationError,
  SEARCH_PARAMS,
  SOURCE_PARAMS,
  SOURCE_PATH_PARAMS,
} from '@trendscope/core';
import { toInputSchema, validateToolArguments } from '@trendscope/mcp';

const issuesOf = (fn: () => unknown): unknown => {
  try {
    fn();
  } catch (err) {
    if (err instanceof RequestValidationError) return err.issues;
    throw err;
  }
  return null;
};

describe('tool arguments have the JSON types their input schema advertises', () => {
  it('advertises limit as an integer and q as a string', () => {
    expect(toInputSchema(RECENT_TRENDS_PARAMS).properties?.limit?.type).to.equal('integer');
    expect(toInputSchema(SEARCH_PARAMS).properties?.q?.type).to.equal('string');
  });

  it('refuses a string for an integer, as pydantic does in strict mode (int_type)', () => {
    expect(issuesOf(() => validateToolArguments({ query: RECENT_TRENDS_PARAMS }, { limit: '5' }))).to.deep.equal([
      { type: 'int_type', loc: ['query', 'limit'], msg: 'Input should be a valid integer', input: '5' },
    ]);
  });

  it('refuses a number for a string and a boolean for a number', () => {
    expect(issuesOf(() => validateToolArguments({ query: SEARCH_PARAMS }, { q: 5 }))).to.deep.equal([
      { type: 'string_type', loc: ['query', 'q'], msg: 'Input should be a valid string', input: '5' },
    ]);
    expect(issuesOf(() => validateToolArguments({ query: RECENT_TRENDS_PARAMS }, { min_quality: true }))).to.deep.equal(
      [{ type: 'float_type', loc: ['query', 'min_quality'], msg: 'Input should be a valid number', input: 'true' }],
    );
  });

  it('lists a type issue with the bound issues of other arguments, one per argument, in schema order', () => {
    const issues = issuesOf(() => validateToolArguments({ query: RECENT_TRENDS_PARAMS }, { limit: 'abc', page: 0 }));
    expect((issues as { loc: string[]; type: string }[]).map((i) => [i.loc[1], i.type])).to.deep.equal([
      ['page', 'greater_than_equal'],
      ['limit', 'int_type'],
    ]);
  });

  it('accepts well-typed arguments and reads them as REST does (null as absent, domain normalised)', () => {
    expect(
      validateToolArguments({ query: RECENT_TRENDS_PARAMS }, { limit: 5, min_quality: 8, hours: null }),
    ).to.deep.equal({ limit: 5, min_quality: 8, page: 1 });
    expect(
      validateToolArguments({ path: SOURCE_PATH_PARAMS, query: SOURCE_PARAMS }, { domain: 'WWW.bbc.co.uk', limit: 3 }),
    ).to.deep.equal({ domain: 'bbc.co.uk', limit: 3 });
  });
});
