import type { ArticleDoc, TrendDoc } from '@trendscope/core';
import { buildArticle, buildRun, buildTrend, hoursAgo, seed, type SeedTarget } from '../../support/factories';

/** The data every MCP suite reads: three trends, the articles behind the first two, one run. */
export interface McpSeed {
  ai: TrendDoc;
  rates: TrendDoc;
  old: TrendDoc;
  articles: ArticleDoc[];
}

/** Seeds trends with citations and retained bodies, so every tool has something to answer. */
export async function seedMcpData(target: SeedTarget): Promise<McpSeed> {
  const ai = buildTrend({
    topic: 'EU AI Act enforcement begins',
    summary: 'Regulators start enforcing the AI Act against general-purpose models.',
    keywords: ['ai act', 'european commission'],
    category: 'technology',
    velocity: 'emerging',
    business_impact_score: 8,
    domain_quality_score: 8.4,
    last_seen: hoursAgo(1),
    source_domains: ['bbc.co.uk', 'xn--bcher-kva.de'],
    origin_domain: 'bbc.co.uk',
    domain_articles: { 'bbc.co.uk': 2, 'xn--bcher-kva.de': 1 },
  });
  const rates = buildTrend({
    topic: 'Central bank raises interest rates',
    last_seen: hoursAgo(3),
    source_domains: ['bbc.co.uk'],
    origin_domain: 'bbc.co.uk',
  });
  const old = buildTrend({
    topic: 'Football final ends in penalties',
    category: 'sports',
    velocity: 'declining',
    business_impact_score: 2,
    last_seen: hoursAgo(200),
    first_seen: hoursAgo(260),
  });
  // One article per citation URL: the factory's URLs repeat across trends, so make them unique.
  for (const t of [ai, rates, old]) {
    t.citations = t.citations.map((c, i) => ({ ...c, url: `https://${c.domain}/${t.id}/story-${i}` }));
  }
  const articles = [ai, rates].flatMap((t) =>
    t.citations.map((c, i) =>
      buildArticle({
        url: c.url,
        canonical_url: c.url,
        domain: c.domain,
        publisher: c.publisher,
        title: c.title,
        trend_id: t.id,
        fetch_method: c.fetch_method,
        body: `${t.topic}. Report ${i} from ${c.domain}: ${t.summary}`,
      }),
    ),
  );
  await seed(target, { trends: [ai, rates, old], articles, runs: [buildRun()] });
  return { ai, rates, old, articles };
}
