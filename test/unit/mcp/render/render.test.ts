import { expect } from 'chai';
import { renderMetrics, toRawParams } from '@trendscope/mcp';

describe('renderMetrics', () => {
  it('writes nested values as paths and null as "not measured"', () => {
    const text = renderMetrics('Stats:', {
      trends: { total: 3 },
      publishers: null,
      generated_at: '2026-11-21T12:00:00Z',
    });
    expect(text.split('\n')).to.deep.equal([
      'Stats:',
      'trends.total: 3',
      'publishers: not measured',
      'generated_at: 2026-11-21T12:00:00Z',
    ]);
  });
});

describe('toRawParams', () => {
  it('reads JSON arguments as query-string values', () => {
    expect(toRawParams({ limit: 51, q: 'ai', min_quality: 8.5, flag: true, none: null, list: [1, 'a'] })).to.deep.equal(
      {
        limit: '51',
        q: 'ai',
        min_quality: '8.5',
        flag: 'true',
        list: ['1', 'a'],
      },
    );
  });

  it('reads a missing or non-object argument set as no parameters', () => {
    expect(toRawParams(undefined)).to.deep.equal({});
    expect(toRawParams([1, 2])).to.deep.equal({});
  });
});
