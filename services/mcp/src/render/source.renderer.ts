import type { SourceResponse } from '@trendscope/core';

/** get_source as text: the score, where its prior comes from, the observed signals and the weights. */
export function renderSource(body: SourceResponse): string {
  const b = body.quality_breakdown;
  const footprint = `  ${body.articles} articles, ${body.trends} trends, ${body.first_seen ?? 'n/a'} .. ${body.last_seen ?? 'n/a'}`;
  if (b === null) {
    return [
      `${body.domain} (${body.publisher}): not scored yet (no detection run has scored its articles)`,
      footprint,
      'Next: get_source_trends with this domain.',
    ].join('\n');
  }
  const prior = body.rating
    ? `published rating ${body.rating.value} (${body.rating.source}) -> prior ${b.prior}`
    : b.estimate !== null
      ? `no published rating; estimate ${b.estimate} from rated outlets -> prior ${b.prior}`
      : `no published rating and no estimate; observed score only`;
  const i = b.estimate_interval;
  const n = b.estimate_observations;
  const uncertainty =
    b.estimate !== null && !body.rating && i
      ? [
          `  ${Math.round(i.level * 100)} % interval ${i.low}-${i.high} (held-out rho ${i.spearman_rho} over ` +
            `${i.held_out_domains} rated domains); from ${n?.articles ?? 0} headlines, ${n?.stories ?? 0} co-covered stories`,
        ]
      : [];
  const o = b.observed;
  const seen =
    o.score === null
      ? `  nothing observed beyond ${o.headline_only} headline-only items (the prior stands)`
      : `  observed over ${o.articles} articles (${o.headline_only} of all seen were headline-only): score ${o.score}; ` +
        `author ${o.share_with_author}, dates ${o.share_with_date}, median words ${o.median_word_count}, ` +
        `originality ${o.originality}, https ${o.https_share}, extraction ${o.extraction_success}`;
  return [
    `${body.domain} (${body.publisher}): quality ${body.quality_score}/10`,
    `  ${prior}`,
    ...uncertainty,
    seen,
    `  weights: prior ${b.weights.prior}, observed ${b.weights.observed}`,
    footprint,
    'Next: get_source_trends with this domain.',
  ].join('\n');
}
