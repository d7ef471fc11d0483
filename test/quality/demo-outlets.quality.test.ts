import { expect } from 'chai';
import { sampleRankCorrelation } from 'simple-statistics';
import type { DomainDoc } from '@trendscope/core';
import { registrableDomain } from '@trendscope/pipeline/articles/build-article-doc';
import { domainDocs, type DomainDocArticle } from '@trendscope/pipeline/detect/domain-docs';
import { DEFAULT_RATINGS_FILE, loadDomainRatings, ratingOf } from '@trendscope/pipeline/score/domain-ratings';
import { scoreArticle } from '@trendscope/pipeline/score/score-article';
import { loadGiveme } from '@trendscope/pipeline/lab/corpus/giveme.corpus';
import { loadUci } from '@trendscope/pipeline/lab/corpus/uci.corpus';
import { DEMO_UCI_ROWS } from '@trendscope/pipeline/lab/evaluate/trends/demo-trends';
import { givemeArticleDoc } from '../support/giveme-articles';

/** Outlets every reader knows, in the order of their published ratings (Lin et al. 2023). */
const PUBLISHED_ORDER = [
  'reuters.com',
  'nytimes.com',
  'washingtonpost.com',
  'bbc.co.uk',
  'foxnews.com',
  'dailymail.co.uk',
  'rt.com',
] as const;

const NOW = new Date('2026-11-23T12:00:00Z');

/**
 * The articles `make demo` replays (infra/local/demo.sh): the 419 Giveme5W1H articles as fetched
 * pages (their bylines, bodies and dates from the corpus) and the first 12,000 UCI headlines as feed
 * items (no page: no author, no body), with the production domain of each.
 */
function demoArticles(): { articles: DomainDocArticle[]; stories: DomainDocArticle[][] } {
  const fetchedAt = NOW.toISOString();
  const stories = new Map<string, DomainDocArticle[]>();
  const add = (story: string, a: DomainDocArticle): DomainDocArticle => {
    stories.set(story, [...(stories.get(story) ?? []), a]);
    return a;
  };
  const giveme = loadGiveme().map((r) => {
    const { doc } = givemeArticleDoc(r, fetchedAt);
    return add(`giveme:${r.event_id}`, { ...doc, domain: registrableDomain(r.url) });
  });
  const uci = loadUci()
    .slice(0, DEMO_UCI_ROWS)
    .map((r) =>
      add(`uci:${r.story}`, {
        url: r.url,
        title: r.title,
        domain: registrableDomain(r.url),
        publisher: r.publisher,
        author: null,
        published_date: new Date(r.timestamp).toISOString(),
        word_count: 0,
        simhash: scoreArticle({ title: r.title, text: '', url: r.url }).simhash,
        https: r.url.startsWith('https:'),
        content_retained: false,
        fetch_method: 'feed',
      }),
    );
  return { articles: [...giveme, ...uci], stories: [...stories.values()] };
}

// Figures and the served values of a real `make demo` are in docs/lab-notes/domain-quality.md ("Outlets as the
// published consensus sees them"). The story graph here is the corpora's gold stories, not the
// demo's trends: it only feeds the estimate of unrated domains, and every outlet below is rated.
describe('well-known outlets of make demo follow the published ratings (domain scores over its articles)', function () {
  this.timeout(120_000);
  const ratings = loadDomainRatings(DEFAULT_RATINGS_FILE);
  let byDomain = new Map<string, DomainDoc>();
  before(() => {
    const { articles, stories } = demoArticles();
    byDomain = new Map(domainDocs(articles, NOW, ratings, stories).map((d) => [d.domain, d]));
  });

  it('rates every one of them from the full published file (none left to the estimate)', () => {
    expect(ratings.size).to.be.at.least(11_000);
    for (const domain of PUBLISHED_ORDER) {
      expect(byDomain.get(domain), domain).to.not.equal(undefined);
      expect(byDomain.get(domain)!.rated, domain).to.equal(true);
    }
  });

  it('scores each within one point of 1 + 9 x its rating, in the published order (Spearman >= 0.95)', () => {
    const rows = PUBLISHED_ORDER.map((domain) => {
      const d = byDomain.get(domain)!;
      const rating = ratingOf(ratings, domain)!;
      return {
        domain,
        score: d.quality_score,
        rated: Math.round((1 + 9 * rating) * 10) / 10,
        pages: d.observed_articles,
      };
    });
    process.stdout.write(
      `      ${rows.map((r) => `${r.domain} ${r.score} (rating ${r.rated}, ${r.pages} pages)`).join('; ')}\n`,
    );
    for (const r of rows) expect(Math.abs(r.score - r.rated), r.domain).to.be.at.most(1);
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1]!.score, rows[i]!.domain).to.be.above(rows[i]!.score);
    const rho = sampleRankCorrelation(
      rows.map((r) => r.score),
      rows.map((r) => r.rated),
    );
    expect(rho).to.be.at.least(0.95);
  });

  it('leaves a rated outlet seen only in headlines at its rating', () => {
    const bbc = byDomain.get('bbc.co.uk')!;
    expect(bbc.observed_articles).to.equal(0);
    expect(bbc.headline_only).to.be.above(0);
    expect(bbc.quality_score).to.equal(Math.round((1 + 9 * ratingOf(ratings, 'bbc.co.uk')!) * 10) / 10);
  });
});
