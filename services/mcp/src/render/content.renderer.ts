import type { TrendContentResponse } from '@trendscope/core';

/** get_trend_content as text: each document's provenance line, then its body. */
export function renderTrendContent(body: TrendContentResponse): string {
  if (!body.content_retained || body.documents.length === 0) {
    return `No article body was retained for ${body.trend_id}; get_trend lists its sources (citations).`;
  }
  const head = `${body.total} retained documents for ${body.trend_id} (showing ${body.documents.length}).`;
  const docs = body.documents.map((d, i) =>
    [
      `## ${i + 1}. ${d.title || '(untitled)'}`,
      `${d.publisher || d.domain}${d.author ? `, ${d.author}` : ''}${d.published_date ? `, ${d.published_date}` : ''}; ` +
        `${d.word_count} words; ${d.url}`,
      '',
      d.body,
    ].join('\n'),
  );
  return [head, ...docs].join('\n\n');
}
