import { expect } from 'chai';
import { AppError, NotFoundError, RequestValidationError, SearchUnavailableError } from '@trendscope/core';

describe('AppError family', () => {
  it('exposes the message of client errors as detail', () => {
    const err = new NotFoundError('Trend not found');
    expect(err.status).to.equal(404);
    expect(err.detail).to.equal('Trend not found');
  });

  it('masks the message of unexposed server errors', () => {
    const err = new AppError('pool exhausted at 10.0.0.3', { status: 500, code: 'internal' });
    expect(err.detail).to.equal('Internal Server Error');
  });

  it('exposes the 503 text, which names no internal address', () => {
    expect(new SearchUnavailableError().detail).to.match(/unavailable/);
  });

  it('carries the pydantic issues as the 422 detail', () => {
    const issues = [{ type: 'missing', loc: ['query', 'q'] as [string, string], msg: 'Field required', input: null }];
    expect(new RequestValidationError(issues).detail).to.deep.equal(issues);
  });
});
