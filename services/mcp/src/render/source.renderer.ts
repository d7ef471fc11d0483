import type { SourceResponse } from '@trendscope/core';

/** get_source as text: the score, where its prior comes from, the observed signals and the weights. */
export function renderSource(body: SourceResponse): string {
  const b = body.quality_breakdown;
  const prior = body.rating
    ? `published rating ${body.rating.value} (${body.rating.source}) -> prior ${b.prior}`
    : b.estimate !== null
      ? `no published rating; estimate ${b.estimate} from rated outlets -> prior ${b.prior}`
      : `no published rating and no estimate; observed score only`;
  const o = b.observed;
  return [
    `${body.domain} (${body.publisher}): quality ${body.quality_score}/10`,
    `  ${prior}`,
    `  observed over ${o.articles} articles: score ${o.score}; author ${o.share_with_author}, dates ${o.share_with_date}, ` +
      `median words ${o.median_word_count}, originality ${o.originality}, https ${o.https_share}, ` +
      `extraction ${o.extraction_success}`,
    `  weights: prior ${b.weights.prior}, observed ${b.weights.observed}`,
    `  ${body.articles} articles, ${body.trends} trends, ${body.first_seen ?? 'n/a'} .. ${body.last_seen ?? 'n/a'}`,
    'Next: get_source_trends with this domain.',
  ].join('\n');
}
