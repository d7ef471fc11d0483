import { expect } from 'chai';
import { searchTrendsRequest } from '@trendscope/core';

type Request = { query: { function_score: { query: { bool: { must: unknown[]; must_not: unknown[] } } } } };

describe('a search that only excludes', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const relevance = (q: string): unknown =>
    (searchTrendsRequest({ q, time_window: '7d', limit: 20 }, now) as Request).query.function_score.query.bool.must[0];

  it('matches nothing (its exclusions narrow no words), never every trend without the word', () => {
    for (const q of ['-inflation', '-"interest rates"', '-inflation OR -rates']) {
      expect(relevance(q), q).to.deep.equal({ match_none: {} });
    }
  });

  it('keeps its words when it has some', () => {
    expect(JSON.stringify(relevance('rates -inflation'))).to.include('"rates"');
    expect(JSON.stringify(relevance('-inflation rates'))).to.include('"rates"');
  });
});
