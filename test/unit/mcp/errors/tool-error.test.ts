import { expect } from 'chai';
import { errors } from '@opensearch-project/opensearch';
import { NotFoundError, RequestValidationError, SearchUnavailableError } from '@trendscope/core';
import { toToolError } from '@trendscope/mcp';
import { silentLogger } from '../../../support/services';

function blocks(result: ReturnType<typeof toToolError>): string[] {
  return result.content.map((c) => (c.type === 'text' ? c.text : ''));
}

describe('toToolError', () => {
  it('answers a validation error with isError, the argument, its bound and the REST 422 body', () => {
    const issue = {
      type: 'less_than_equal',
      loc: ['query', 'limit'] as [string, string],
      msg: 'Input should be less than or equal to 50',
      input: '51',
      ctx: { le: 50 },
    };
    const result = toToolError(new RequestValidationError([issue]), silentLogger, 't');
    expect(result.isError).to.equal(true);
    expect(result.structuredContent).to.equal(undefined);
    const [summary, body] = blocks(result);
    expect(summary).to.include('limit').and.include('less than or equal to 50').and.include('"51"');
    expect(JSON.parse(body!)).to.deep.equal({ detail: [issue] });
  });

  it('answers a missing trend with the REST 404 body', () => {
    const [summary, body] = blocks(toToolError(new NotFoundError('Trend not found'), silentLogger, 't'));
    expect(summary).to.equal('Trend not found (404)');
    expect(JSON.parse(body!)).to.deep.equal({ detail: 'Trend not found' });
  });

  it('answers an OpenSearch connection failure with the REST 503 body', () => {
    const raw = new errors.ConnectionError('connect ECONNREFUSED 10.1.2.3:9200');
    const [summary, body] = blocks(toToolError(raw, silentLogger, 't'));
    expect(JSON.parse(body!)).to.deep.equal({ detail: new SearchUnavailableError().message });
    expect(summary).to.include('503').and.not.include('10.1.2.3');
  });

  it('masks an unknown error as a 500 without its message', () => {
    const result = toToolError(new Error('secret at 10.1.2.3'), silentLogger, 't');
    expect(result.isError).to.equal(true);
    expect(blocks(result).join('\n')).to.not.include('10.1.2.3');
    expect(JSON.parse(blocks(result)[1]!)).to.deep.equal({ detail: 'Internal Server Error' });
  });
});
