import type { TrendMember } from '@trendscope/pipeline/detect/build-trend';

/**
 * The `i`th report of a trend as a feed delivers it to detection: a headline from `domain` at
 * `time`, no body, a simhash of its own. What a test is about goes in `overrides`.
 */
export function buildTrendMember(
  i: number,
  time: number,
  title: string,
  domain: string,
  overrides: Partial<TrendMember> = {},
): TrendMember {
  return {
    id: `art-${i}`,
    time,
    url: `https://${domain}/${i}`,
    title,
    description: null,
    body: null,
    publisher: domain,
    domain,
    author: null,
    published_date: new Date(time).toISOString(),
    word_count: 0,
    fetch_method: 'feed',
    language: 'en',
    simhash: (0x1000 + i).toString(16).padStart(16, 'a'),
    content_retained: false,
    ...overrides,
  };
}
