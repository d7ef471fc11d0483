import type { ArticleDoc } from '@trendscope/core';

/** A valid stored article with overridable fields. */
export function buildArticle(overrides: Partial<ArticleDoc> = {}): ArticleDoc {
  return {
    url: 'https://www.example.com/news/one',
    canonical_url: 'https://www.example.com/news/one',
    domain: 'example.com',
    publisher: 'Example News',
    author: 'A. Writer',
    published_date: '2026-11-21T08:00:00.000Z',
    fetched_at: '2026-11-21T09:00:00.000Z',
    fetch_method: 'page',
    title: 'Example headline',
    description: null,
    body: 'Some body text.',
    content_retained: true,
    word_count: 3,
    language: 'en',
    simhash: '0123456789abcdef',
    entities: [],
    trend_id: null,
    source_id: 'example',
    feed_url: 'https://www.example.com/feed',
    https: true,
    redactions: { email: 0, phone: 0, card: 0, iban: 0, ip: 0, ssn: 0 },
    category_hint: null,
    indexed_at: '2026-11-21T09:00:00.000Z',
    ...overrides,
  };
}
