import type { ArticleDoc, CitationDoc, TrendDoc } from '@trendscope/core';
import {
  buildArticle,
  buildDomain,
  buildRun,
  buildTrend,
  FACTORY_NOW,
  hoursAgo,
  seed,
  type SeedTarget,
} from './factories';

/** What a trend cites of an article, as detection writes it. */
function citationOf(a: ArticleDoc): CitationDoc {
  return {
    url: a.canonical_url,
    title: a.title,
    publisher: a.publisher,
    domain: a.domain,
    author: a.author,
    published_date: a.published_date,
    word_count: a.word_count,
    fetch_method: a.fetch_method,
  };
}

/**
 * The one seeded world of the API, MCP and query-layer tests, with every time `hours` before
 * `now` (FACTORY_NOW, the clock the API tests pin; the MCP tests pass the real time, since the
 * stdio server runs on the system clock). The named trends differ in category, velocity, scores,
 * age and sources; the articles of `ai` and `chip` are the ones their citations name, with
 * retained and unretained bodies; `paging` are 23 look-alike entertainment trends, some with equal
 * last_seen and impact, to test ordering and pagination.
 */
export function buildDataset(now: Date = FACTORY_NOW) {
  const ago = (hours: number): string => hoursAgo(hours, now);
  const trend = (o: Partial<TrendDoc>): TrendDoc => buildTrend(o, now);
  const article = (o: Partial<ArticleDoc>): ArticleDoc => buildArticle(o, now);
  const report = (i: number, domain: string, t: { topic: string; summary: string | null }): string =>
    `${t.topic}. Report ${i} from ${domain}: ${t.summary ?? ''}`;

  const aiText = {
    topic: 'EU AI Act enforcement begins',
    summary: 'Regulators start enforcing the AI Act against general-purpose models.',
  };
  const aiArticles = [
    article({
      url: 'https://www.bbc.co.uk/news/ai-act-enforcement',
      domain: 'bbc.co.uk',
      publisher: 'BBC News',
      title: 'AI Act enforcement begins today',
      published_date: ago(1),
      body: report(0, 'bbc.co.uk', aiText),
    }),
    article({
      url: 'https://xn--bcher-kva.de/ki-gesetz',
      domain: 'xn--bcher-kva.de',
      publisher: 'Bücher',
      title: 'What the AI Act means',
      author: null,
      published_date: null,
      body: report(1, 'xn--bcher-kva.de', aiText),
    }),
    article({
      url: 'https://www.bbc.co.uk/news/brussels-ai-act',
      domain: 'bbc.co.uk',
      publisher: 'BBC News',
      title: 'Brussels and the AI Act',
      published_date: ago(3),
      body: report(2, 'bbc.co.uk', aiText),
    }),
    article({
      url: 'https://xn--bcher-kva.de/ki-gesetz-kurz',
      domain: 'xn--bcher-kva.de',
      publisher: 'Bücher',
      title: 'Not retained',
      content_retained: false,
      body: null,
    }),
  ];
  const chipArticles = [
    article({
      url: 'https://example.com/chips/new-ai-accelerator',
      title: 'Chip feed item',
      content_retained: false,
      body: null,
      fetch_method: 'feed',
    }),
  ];
  const ai = trend({
    ...aiText,
    keywords: ['ai act', 'european commission'],
    category: 'technology',
    velocity: 'emerging',
    business_impact_score: 9,
    domain_quality_score: 9.0,
    first_seen: ago(20),
    last_seen: ago(0.5),
    source_domains: ['xn--bcher-kva.de', 'bbc.co.uk'],
    origin_domain: 'xn--bcher-kva.de',
    domain_articles: { 'xn--bcher-kva.de': 2, 'bbc.co.uk': 5 },
    citations: aiArticles.map(citationOf),
  });
  const chip = trend({
    topic: 'Chipmaker unveils new AI accelerator',
    summary: 'The <b>fast</b> chip targets AI training in data centres.',
    keywords: ['ai accelerator', 'chips'],
    category: 'technology',
    velocity: 'accelerating',
    business_impact_score: 6,
    domain_quality_score: 7.5,
    last_seen: ago(5),
    // Two publishers: /v1/trends/recent lists only trends reported by several (domain/listing.ts).
    source_domains: ['example.com', 'news.example.org'],
    origin_domain: 'example.com',
    citations: chipArticles.map(citationOf),
  });
  const rates = trend({
    topic: 'Central bank raises interest rates',
    category: 'business',
    velocity: 'peak',
    business_impact_score: 7,
    domain_quality_score: 5.0,
    last_seen: ago(30),
    source_domains: ['bbc.co.uk', 'reuters.com'],
    origin_domain: 'reuters.com',
    domain_articles: { 'bbc.co.uk': 1, 'reuters.com': 4 },
  });
  const football = trend({
    topic: 'Football final ends in penalties',
    summary: 'The cup final was decided by a penalty shoot-out.',
    keywords: ['football', 'cup final'],
    category: 'sports',
    velocity: 'declining',
    business_impact_score: 2,
    domain_quality_score: 3.0,
    last_seen: ago(100),
  });
  const election = trend({
    topic: 'Election results contested',
    summary: 'The opposition contests the election results in court.',
    keywords: ['election'],
    category: 'politics',
    velocity: 'peak',
    business_impact_score: 4,
    domain_quality_score: 8.0,
    last_seen: ago(500),
  });
  const ancient = trend({
    topic: 'Flu season starts early',
    category: 'health',
    velocity: 'emerging',
    business_impact_score: 3,
    last_seen: ago(3000),
  });
  const quantum = {
    topic: 'Quantum computing milestone',
    summary: 'A quantum computer passes a milestone.',
    keywords: ['quantum'],
    category: 'other' as const,
    business_impact_score: 5,
    domain_quality_score: 6.5,
  };
  const quantumNew = trend({ ...quantum, last_seen: ago(2) });
  const quantumOld = trend({ ...quantum, last_seen: ago(150) });
  const paging = Array.from({ length: 23 }, (_, i) =>
    trend({
      topic: `Streaming series number ${i}`,
      summary: 'A streaming series premieres.',
      keywords: ['streaming'],
      category: 'entertainment',
      velocity: 'peak',
      business_impact_score: 3 + (i % 3),
      domain_quality_score: 6.5,
      // Groups of three share last_seen so impact and id decide their order.
      last_seen: ago(48 + Math.floor(i / 3)),
    }),
  );
  const named = { ai, chip, rates, football, election, ancient, quantumNew, quantumOld };
  const articles = [
    ...aiArticles.map((a) => ({ ...a, trend_id: ai.id })),
    ...chipArticles.map((a) => ({ ...a, trend_id: chip.id })),
  ];
  return {
    named,
    paging,
    trends: [...Object.values(named), ...paging],
    articles,
    runs: [buildRun({ started_at: ago(2), finished_at: ago(1.5) }, now)],
    // Scored domains: one rated, one estimated, one with no stored article or trend.
    domains: [
      buildDomain(
        {
          domain: 'bbc.co.uk',
          publisher: 'BBC News',
          rated: true,
          rating: { source: 'Lin et al. 2023, PNAS Nexus', value: 0.718 },
          prior: 7.5,
          quality_score: 7.5,
        },
        now,
      ),
      buildDomain({ domain: 'xn--bcher-kva.de', publisher: 'Bücher' }, now),
      buildDomain({ domain: 'quiet.example', articles: 0 }, now),
    ],
    ago,
  };
}

/** The dataset's shape. */
export type Dataset = ReturnType<typeof buildDataset>;

/** Seeds `data` (by default the dataset at FACTORY_NOW) and answers it. */
export async function seedDataset(target: SeedTarget, data: Dataset = buildDataset()): Promise<Dataset> {
  await seed(target, { trends: data.trends, articles: data.articles, runs: data.runs, domains: data.domains });
  return data;
}
