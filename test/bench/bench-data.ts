import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { ArticleDoc, Category, FetchMethod, TrendDoc, Velocity } from '@trendscope/core';
import { VELOCITIES } from '@trendscope/core';
import { corpusPath } from '@trendscope/pipeline/lab/corpus/corpus-path';

const CORPUS = corpusPath('uci-news-aggregator');
const FILES = [
  'newsCorpora.2014-03-01-15.tsv.gz',
  'newsCorpora.2014-03-16-31.tsv.gz',
  'newsCorpora.2014-04-01-15.tsv.gz',
];
const CATEGORY: Record<string, Category> = { b: 'business', t: 'technology', e: 'entertainment', m: 'health' };
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
/** Articles per trend: the corpus's stories cut into chunks of this size give ~10,000 trends. */
const CHUNK = 12;
const STOP = new Set(
  'the a an of to in on for and with as at by is are from its after over new says will be us'.split(' '),
);

interface Row {
  title: string;
  url: string;
  publisher: string;
  category: string;
  story: string;
  host: string;
  ts: number;
}

function readRows(): Row[] {
  return FILES.flatMap((file) =>
    gunzipSync(readFileSync(resolve(CORPUS, file)))
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [, title = '', url = '', publisher = '', category = '', story = '', host = '', ts = '0'] =
          line.split('\t');
        return { title, url, publisher, category, story, host, ts: Number(ts) };
      }),
  );
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function trendId(key: string): string {
  return `tr_${Array.from(digest(key).subarray(0, 16), (b) => BASE32.charAt(b % 32)).join('')}`;
}

function keywordsOf(titles: string[]): string[] {
  const counts = new Map<string, number>();
  for (const t of titles) {
    for (const w of t.toLowerCase().match(/[a-z][a-z'-]{2,}/g) ?? [])
      if (!STOP.has(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 5)
    .map(([w]) => w);
}

/**
 * Trends and articles built from the UCI News Aggregator headlines (real titles, publishers,
 * URLs and story clusters): each story is cut into trends of up to 12 articles, and the
 * corpus's 2014 timeline is stretched onto the 72 days before `now`.
 */
export function benchData(now: Date): { trends: TrendDoc[]; articles: ArticleDoc[] } {
  const rows = readRows();
  const minTs = rows.reduce((m, r) => Math.min(m, r.ts), Infinity);
  const maxTs = rows.reduce((m, r) => Math.max(m, r.ts), -Infinity);
  const span = 72 * 86_400_000;
  const timeOf = (ts: number): string =>
    new Date(now.getTime() - ((maxTs - ts) / (maxTs - minTs)) * span).toISOString();
  const stories = new Map<string, Row[]>();
  for (const r of rows) {
    const list = stories.get(r.story);
    if (list) list.push(r);
    else stories.set(r.story, [r]);
  }

  const trends: TrendDoc[] = [];
  const articles: ArticleDoc[] = [];
  for (const [story, storyRows] of stories) {
    for (let i = 0; i < storyRows.length; i += CHUNK) {
      const chunk = storyRows.slice(i, i + CHUNK);
      const id = trendId(`${story}:${i}`);
      const h = digest(id);
      const domains = [...new Set(chunk.map((r) => r.host.replace(/^www\./, '').toLowerCase()))];
      const times = chunk.map((r) => timeOf(r.ts)).sort();
      const first = chunk[0]!;
      const domainArticles: Record<string, number> = {};
      chunk.forEach((r, j) => {
        const domain = r.host.replace(/^www\./, '').toLowerCase();
        domainArticles[domain] = (domainArticles[domain] ?? 0) + 1;
        const fetchMethod: FetchMethod = j % 3 === 0 ? 'page' : 'feed';
        const retained = fetchMethod === 'page';
        articles.push({
          url: r.url,
          canonical_url: r.url,
          domain,
          publisher: r.publisher,
          author: j % 2 === 0 ? 'Staff' : null,
          published_date: timeOf(r.ts),
          fetched_at: timeOf(r.ts + 60_000),
          fetch_method: fetchMethod,
          title: r.title,
          description: null,
          body: retained ? `${r.title}. ${chunk.map((c) => c.title).join('. ')}.` : null,
          content_retained: retained,
          word_count: 40 + (h[j % 16]! % 200),
          language: 'en',
          simhash: null,
          entities: [],
          trend_id: id,
          source_id: null,
          feed_url: null,
          https: r.url.startsWith('https'),
          redactions: { email: 0, phone: 0, card: 0, iban: 0, ip: 0, ssn: 0 },
          category_hint: null,
          indexed_at: timeOf(r.ts + 120_000),
        });
      });
      const velocity: Velocity = VELOCITIES[h[0]! % 4]!;
      trends.push({
        id,
        topic: first.title,
        summary: chunk
          .map((r) => r.title)
          .slice(0, 2)
          .join('. '),
        keywords: keywordsOf(chunk.map((r) => r.title)),
        signature: chunk
          .map((r) => r.title)
          .join(' ')
          .slice(0, 500),
        category: CATEGORY[first.category] ?? 'other',
        category_confidence: 0.8,
        velocity,
        business_impact_score: 1 + (h[1]! % 10),
        domain_quality_score: Math.round((1 + (h[2]! / 255) * 9) * 10) / 10,
        first_seen: times[0]!,
        last_seen: times.at(-1)!,
        updated_at: times.at(-1)!,
        article_count: chunk.length,
        source_count: domains.length,
        source_domains: domains,
        origin_domain: domains[0]!,
        domain_articles: domainArticles,
        citations: chunk.map((r, j) => ({
          url: r.url,
          title: r.title,
          publisher: r.publisher,
          domain: r.host.replace(/^www\./, '').toLowerCase(),
          author: j % 2 === 0 ? 'Staff' : null,
          published_date: timeOf(r.ts),
          word_count: 200,
          fetch_method: j % 3 === 0 ? 'page' : 'feed',
        })),
        timeline: [{ bucket: `${times[0]!.slice(0, 13)}:00:00Z`, articles: chunk.length }],
        velocity_metrics: {
          window_hours: 24,
          current: chunk.length,
          previous: 0,
          growth: chunk.length + 1,
          peak: chunk.length,
          age_hours: 1,
        },
        score_breakdown: { business_impact: { volume: 1 }, domain_quality: { author: 0.5 } },
        language: 'en',
        retained_count: chunk.filter((_, j) => j % 3 === 0).length,
      });
    }
  }
  return { trends, articles };
}
