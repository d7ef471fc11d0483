import { expect } from 'chai';
import { presentTrendDetail, presentTrendSummary } from '@trendscope/core';
import { renderSearchResults, renderSourceTrends, renderTrendDetail } from '@trendscope/mcp';
import { buildTrend } from '../../../support/factories';

/** A trend of one article from one source, as every list serves it. */
const lone = buildTrend({ article_count: 1, source_domains: ['example.com'] });

/** search_trends' text for one result of `total` matching `query`. */
const searchText = (trend: ReturnType<typeof buildTrend>, query: string, total: number): string =>
  renderSearchResults({
    query,
    time_window: '7d',
    results: [{ ...presentTrendSummary(trend), score: 1, highlights: {} }],
    total,
    limit: 20,
    schema_version: '1.2',
  });

describe('MCP text: counts of one read in the singular', () => {
  it('writes "1 article from 1 source" and "1 citation" for a trend of one report', () => {
    const text = renderTrendDetail(presentTrendDetail(lone));
    expect(text).to.include('1 article from 1 source,').and.include('1 citation:');
    expect(text).not.to.match(/\b1 (articles|sources|citations)\b/);
  });

  it('writes "1 trend matches" and "1 trend cites" for a single result', () => {
    expect(searchText(lone, 'fitbit', 1)).to.match(/^1 trend matches "fitbit"/);
    const source = renderSourceTrends({
      domain: 'example.com',
      trends: [{ ...presentTrendSummary(lone), origin: true, domain_articles: 1 }],
      total: 1,
      limit: 20,
      schema_version: '1.2',
    });
    expect(source)
      .to.match(/^1 trend cites example\.com/)
      .and.include('[1 article from example.com, first to report]');
  });

  it('keeps the plural for other counts ("2 trends match", "4 articles from 2 sources")', () => {
    expect(searchText(buildTrend(), 'ai', 2))
      .to.match(/^2 trends match "ai"/)
      .and.include('4 articles from 2 sources,');
  });
});
