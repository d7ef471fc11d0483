import { expect } from 'chai';
import { presentTrendDetail, presentTrendSummary } from '@trendscope/core';
import { renderSearchResults, renderSourceTrends, renderTrendDetail } from '@trendscope/mcp';
import { buildTrend } from '../../../support/factories';

/** A trend of one article from one source, as every list serves it. */
const lone = buildTrend({ article_count: 1, source_domains: ['example.com'] });

describe('MCP text: counts of one read in the singular', () => {
  it('writes "1 article from 1 source" and "1 citation" for a trend of one report', () => {
    const text = renderTrendDetail(presentTrendDetail(lone));
    expect(text).to.include('1 article from 1 source,').and.include('1 citation:');
    expect(text).not.to.match(/\b1 (articles|sources|citations)\b/);
  });

  it('writes "1 trend matches" and "1 trend cites" for a single result', () => {
    const summary = presentTrendSummary(lone);
    const search = renderSearchResults({
      query: 'fitbit',
      time_window: '30d',
      results: [{ ...summary, score: 1, highlights: {} }],
      total: 1,
      limit: 20,
      schema_version: '1.1',
    });
    expect(search).to.match(/^1 trend matches "fitbit"/);
    const source = renderSourceTrends({
      domain: 'example.com',
      trends: [{ ...summary, origin: true, domain_articles: 1 }],
      total: 1,
      limit: 20,
      schema_version: '1.1',
    });
    expect(source)
      .to.match(/^1 trend cites example\.com/)
      .and.include('[1 article from example.com, first to report]');
  });

  it('keeps the plural for other counts ("2 trends match", "4 articles from 2 sources")', () => {
    const summary = presentTrendSummary(buildTrend());
    const text = renderSearchResults({
      query: 'ai',
      time_window: '7d',
      results: [{ ...summary, score: 1, highlights: {} }],
      total: 2,
      limit: 20,
      schema_version: '1.1',
    });
    expect(text)
      .to.match(/^2 trends match "ai"/)
      .and.include('4 articles from 2 sources,');
  });
});
