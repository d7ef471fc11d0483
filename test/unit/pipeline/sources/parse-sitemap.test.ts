import { expect } from 'chai';
import { parseFeed } from '@trendscope/pipeline/sources/parse-feed';

const url = 'https://news.example.com/sitemap.xml';

describe('parseFeed on sitemaps', () => {
  it('reads a plain sitemap: one entry per <loc>, lastmod as the date', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
      <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <url><loc>https://news.example.com/a</loc><lastmod>2026-11-20</lastmod></url>
        <url><loc>/b?x=1&amp;y=2</loc></url>
        <url><loc>javascript:alert(1)</loc></url>
      </urlset>`;
    const feed = parseFeed(Buffer.from(xml), { url });
    expect(feed.format).to.equal('sitemap');
    expect(feed.title).to.equal(null);
    expect(feed.entries.map((e) => [e.url, e.published])).to.deep.equal([
      ['https://news.example.com/a', '2026-11-20T00:00:00Z'],
      ['https://news.example.com/b?x=1&y=2', null],
    ]);
  });

  it('reads a news sitemap: title, publication date and keywords', () => {
    const xml = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
        <url><loc>https://news.example.com/2026/11/21/rates</loc>
          <news:news>
            <news:publication><news:name>Example News</news:name><news:language>en</news:language></news:publication>
            <news:publication_date>2026-11-21T09:30:00+01:00</news:publication_date>
            <news:title>Central bank &amp; rates</news:title>
            <news:keywords>economy, rates , economy</news:keywords>
          </news:news>
        </url>
      </urlset>`;
    const feed = parseFeed(Buffer.from(xml), { url });
    expect(feed.format).to.equal('news-sitemap');
    expect(feed.title).to.equal('Example News');
    expect(feed.entries[0]).to.deep.include({
      url: 'https://news.example.com/2026/11/21/rates',
      title: 'Central bank & rates',
      published: '2026-11-21T08:30:00Z',
      categories: ['economy', 'rates'],
    });
  });

  it('lists the child sitemaps of a sitemap index as entries', () => {
    const xml = `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <sitemap><loc>https://news.example.com/sitemap-1.xml</loc></sitemap>
        <sitemap><loc>https://news.example.com/sitemap-2.xml</loc></sitemap>
      </sitemapindex>`;
    const feed = parseFeed(Buffer.from(xml), { url });
    expect(feed.format).to.equal('sitemap');
    expect(feed.entries.map((e) => e.url)).to.deep.equal([
      'https://news.example.com/sitemap-1.xml',
      'https://news.example.com/sitemap-2.xml',
    ]);
  });
});
