import type { ArticleDoc } from '@trendscope/core';
import { buildArticle, buildRun, buildTrend, hoursAgo } from './factories';

/**
 * A small world with known answers for the endpoint tests (clock pinned at FACTORY_NOW). The
 * named trends differ in category, velocity, scores, age and sources; `paging` are 23 look-alike
 * entertainment trends, some with equal last_seen and impact, to test ordering and pagination.
 */
export function apiDataset() {
  const ai = buildTrend({
    topic: 'EU AI Act enforcement begins',
    summary: 'Regulators start enforcing the AI Act against general-purpose models.',
    keywords: ['ai act', 'european commission'],
    category: 'technology',
    velocity: 'emerging',
    business_impact_score: 9,
    domain_quality_score: 9.0,
    first_seen: hoursAgo(20),
    last_seen: hoursAgo(0.5),
    source_domains: ['xn--bcher-kva.de', 'bbc.co.uk'],
    origin_domain: 'xn--bcher-kva.de',
    domain_articles: { 'xn--bcher-kva.de': 2, 'bbc.co.uk': 5 },
  });
  const chip = buildTrend({
    topic: 'Chipmaker unveils new AI accelerator',
    summary: 'The <b>fast</b> chip targets AI training in data centres.',
    keywords: ['ai accelerator', 'chips'],
    category: 'technology',
    velocity: 'accelerating',
    business_impact_score: 6,
    domain_quality_score: 7.5,
    last_seen: hoursAgo(5),
    source_domains: ['example.com'],
    origin_domain: 'example.com',
  });
  const rates = buildTrend({
    topic: 'Central bank raises interest rates',
    category: 'business',
    velocity: 'peak',
    business_impact_score: 7,
    domain_quality_score: 5.0,
    last_seen: hoursAgo(30),
    source_domains: ['bbc.co.uk', 'reuters.com'],
    origin_domain: 'reuters.com',
    domain_articles: { 'bbc.co.uk': 1, 'reuters.com': 4 },
  });
  const football = buildTrend({
    topic: 'Football final ends in penalties',
    summary: 'The cup final was decided by a penalty shoot-out.',
    keywords: ['football', 'cup final'],
    category: 'sports',
    velocity: 'declining',
    business_impact_score: 2,
    domain_quality_score: 3.0,
    last_seen: hoursAgo(100),
  });
  const election = buildTrend({
    topic: 'Election results contested',
    summary: 'The opposition contests the election results in court.',
    keywords: ['election'],
    category: 'politics',
    velocity: 'peak',
    business_impact_score: 4,
    domain_quality_score: 8.0,
    last_seen: hoursAgo(500),
  });
  const ancient = buildTrend({
    topic: 'Flu season starts early',
    category: 'health',
    velocity: 'emerging',
    business_impact_score: 3,
    last_seen: hoursAgo(3000),
  });
  const quantum = {
    topic: 'Quantum computing milestone',
    summary: 'A quantum computer passes a milestone.',
    keywords: ['quantum'],
    category: 'other' as const,
    business_impact_score: 5,
    domain_quality_score: 6.5,
  };
  const quantumNew = buildTrend({ ...quantum, last_seen: hoursAgo(2) });
  const quantumOld = buildTrend({ ...quantum, last_seen: hoursAgo(150) });
  const paging = Array.from({ length: 23 }, (_, i) =>
    buildTrend({
      topic: `Streaming series number ${i}`,
      summary: 'A streaming series premieres.',
      keywords: ['streaming'],
      category: 'entertainment',
      velocity: 'peak',
      business_impact_score: 3 + (i % 3),
      domain_quality_score: 6.5,
      // Groups of three share last_seen so impact and id decide their order.
      last_seen: hoursAgo(48 + Math.floor(i / 3)),
    }),
  );
  const named = { ai, chip, rates, football, election, ancient, quantumNew, quantumOld };
  const articles: ArticleDoc[] = [
    buildArticle({
      trend_id: ai.id,
      title: 'AI Act enforcement begins today',
      domain: 'bbc.co.uk',
      published_date: hoursAgo(1),
    }),
    buildArticle({ trend_id: ai.id, title: 'What the AI Act means', author: null, published_date: null }),
    buildArticle({ trend_id: ai.id, title: 'Brussels and the AI Act', published_date: hoursAgo(3) }),
    buildArticle({ trend_id: ai.id, title: 'Not retained', content_retained: false, body: null }),
    buildArticle({
      trend_id: chip.id,
      title: 'Chip feed item',
      content_retained: false,
      body: null,
      fetch_method: 'feed',
    }),
  ];
  return {
    named,
    paging,
    trends: [...Object.values(named), ...paging],
    articles,
    runs: [buildRun({ started_at: hoursAgo(2), finished_at: hoursAgo(1.5) })],
    ago: hoursAgo,
  };
}
