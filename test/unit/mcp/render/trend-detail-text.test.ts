import { expect } from 'chai';
import { MAX_CITATIONS, presentTrendDetail } from '@trendscope/core';
import { renderTrendDetail, TEXT_CITATIONS } from '@trendscope/mcp';
import { buildTrend } from '../../../support/factories';

/** A trend with the most citations a trend keeps, each of ordinary length. */
function largestTrend(): ReturnType<typeof presentTrendDetail> {
  const domains = Array.from({ length: MAX_CITATIONS }, (_, i) => `publisher-${i}.example.com`);
  const doc = buildTrend({ source_domains: domains });
  doc.citations = doc.citations.map((c, i) => ({
    ...c,
    title: `A headline of ordinary length about the central bank decision, number ${i}`,
    author: 'A. Writer',
    published_date: doc.first_seen,
    url: `https://${c.domain}/news/2026/11/27/central-bank-raises-interest-rates-${i}`,
  }));
  return presentTrendDetail(doc);
}

describe('get_trend text: concise beside the complete structuredContent', () => {
  it('writes the first citations and counts the rest, at under a fifth of the structured size', () => {
    const body = largestTrend();
    const text = renderTrendDetail(body);
    const cited = text.split('\n').filter((l) => l.startsWith('- A headline'));
    expect(cited).to.have.length(TEXT_CITATIONS);
    expect(text).to.include(`(${MAX_CITATIONS - TEXT_CITATIONS} more in structuredContent.citations`);
    expect(body.citations).to.have.length(MAX_CITATIONS);
    // docs/mcp.md: 1,862 characters of text against 18,627 of JSON for this trend (11,737 before).
    expect(text.length).to.be.below(JSON.stringify(body).length / 5);
  });

  it('writes every citation of a trend that has few, with no count line', () => {
    const body = presentTrendDetail(buildTrend());
    const text = renderTrendDetail(body);
    expect(text).to.include('2 citations:').and.not.include('more in structuredContent');
  });
});
