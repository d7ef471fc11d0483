import { expect } from 'chai';
import { extractArticle } from '@trendscope/pipeline/extract/extract-article';
import { cleanBody } from '@trendscope/pipeline/sanitise/clean-body';
import { loadExtractionBenchmark } from '@trendscope/pipeline/lab/corpus/extraction-benchmark';

const URL = 'https://www.example-news.com/2026/11/21/story?utm_source=feed';
/** A URL with no day in its path (the URL's day is read when the page gives none). */
const UNDATED_URL = 'https://www.example-news.com/politics/story?utm_source=feed';

const PARAGRAPHS = [
  'The city council approved a new transport budget on Tuesday after a debate that lasted most of the afternoon and drew a large crowd.',
  'Officials said the plan would add three bus lines, repair two bridges and extend the cycle network by forty kilometres over five years.',
  'Opponents argued that the money would be better spent on housing, and several residents asked for a public consultation before any work starts.',
  'The mayor said construction should begin next spring, once the contracts have been tendered and the regional government has signed off.',
];

/** A news page with the given head markup and a real-looking article body. */
function page(head: string, extraBody = ''): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8">${head}</head><body>
    <nav><a href="/">Home</a> <a href="/world">World</a></nav>
    <article><h1>Council approves transport budget</h1>
      ${PARAGRAPHS.map((p) => `<p>${p}</p>`).join('\n')}
      <figure><img src="/bus.jpg"><figcaption>A bus in the city centre. Photo: Jane Roe</figcaption></figure>
      ${extraBody}
    </article>
    <footer>© 2026 Example News. All rights reserved.</footer></body></html>`;
}

describe('extractArticle', () => {
  it('reads metadata from JSON-LD first', () => {
    const jsonLd = {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'Organization', name: 'Graph Org' },
        {
          '@type': 'NewsArticle',
          headline: 'Council approves transport budget',
          author: [
            { '@type': 'Person', name: 'Jane Doe' },
            { '@type': 'Person', name: 'John Roe' },
          ],
          datePublished: '2026-11-21T09:30:00+01:00',
          publisher: { '@type': 'Organization', name: 'Example News' },
          mainEntityOfPage: { '@id': 'https://www.example-news.com/2026/11/21/story' },
          inLanguage: 'en',
        },
      ],
    };
    const article = extractArticle(page(`<script type="application/ld+json">${JSON.stringify(jsonLd)}</script>`), {
      url: URL,
    });
    expect(article).to.deep.include({
      canonical_url: 'https://www.example-news.com/2026/11/21/story',
      title: 'Council approves transport budget',
      author: 'Jane Doe',
      published_date: '2026-11-21T08:30:00Z',
      publisher: 'Example News',
      language_hint: 'en-gb',
    });
  });

  it('falls back to OpenGraph and meta tags', () => {
    const head = `<title>Budget | Example</title>
      <link rel="canonical" href="/2026/11/21/canonical-story">
      <meta property="og:title" content="OG title &amp; more">
      <meta property="og:site_name" content="Example Daily">
      <meta name="author" content="By Sam Writer">
      <meta property="article:published_time" content="2026-11-20T18:00:00Z">
      <meta name="description" content="A short summary.">`;
    const article = extractArticle(page(head), { url: URL });
    expect(article).to.deep.include({
      canonical_url: 'https://www.example-news.com/2026/11/21/canonical-story',
      title: 'OG title & more',
      author: 'Sam Writer',
      published_date: '2026-11-20T18:00:00Z',
      publisher: 'Example Daily',
      description: 'A short summary.',
    });
  });

  it('answers null author and date when the page gives none, and the domain as publisher', () => {
    const article = extractArticle(page('<title>Budget</title>'), { url: UNDATED_URL });
    expect(article.author).to.equal(null);
    expect(article.published_date).to.equal(null);
    expect(article.publisher).to.equal('example-news.com');
    expect(article.canonical_url).to.equal(UNDATED_URL);
    expect(extractArticle(page('<title>Budget</title>'), { url: URL }).published_date).to.equal('2026-11-21T00:00:00Z');
  });

  it('skips a profile URL given as article:author and an unparseable date', () => {
    const head = `<meta property="article:author" content="https://facebook.com/someone">
      <meta property="article:published_time" content="sometime last week">`;
    const article = extractArticle(page(head), { url: UNDATED_URL });
    expect(article.author).to.equal(null);
    expect(article.published_date).to.equal(null);
  });

  for (const bad of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://example.com/x', 'http://[bad']) {
    it(`refuses the canonical value ${bad} and keeps the page URL`, () => {
      const article = extractArticle(page(`<link rel="canonical" href="${bad}">`), { url: URL });
      expect(article.canonical_url).to.equal(URL);
    });
  }

  it('extracts the article body without navigation, captions or footer', () => {
    const article = extractArticle(page('<title>Budget</title>'), { url: URL });
    const body = cleanBody(article.body_html);
    expect(body.retained).to.be.true;
    expect(body.text.split('\n\n')).to.include.members(PARAGRAPHS);
    expect(body.text).not.to.match(/Photo: Jane Roe|All rights reserved|Home/);
  });

  it('removes related-story boxes and share bars that Readability keeps', () => {
    const extra = `<div class="related-stories"><h3>Related</h3><ul><li><a href="/a">Another story about buses</a></li>
      <li><a href="/b">More on the council</a></li></ul></div><div class="share-bar"><a href="#">Share on X</a></div>`;
    const body = cleanBody(extractArticle(page('', extra), { url: URL }).body_html).text;
    expect(body).not.to.match(/Another story about buses|Share on X/);
    expect(body).to.include(PARAGRAPHS[3]);
  });

  it('falls back to JSON-LD articleBody when the page renders no article without JavaScript', () => {
    const text = PARAGRAPHS.join('\n\n');
    const html = `<html><head><script type="application/ld+json">${JSON.stringify({
      '@type': 'NewsArticle',
      headline: 'Only in JSON-LD',
      articleBody: text,
    })}</script></head><body><div id="app">Loading…</div></body></html>`;
    const article = extractArticle(html, { url: URL });
    expect(article.title).to.equal('Only in JSON-LD');
    expect(cleanBody(article.body_html).text).to.equal(text);
  });

  it('answers a null body for a page without content', () => {
    const article = extractArticle('<html><head><title>Empty</title></head><body></body></html>', { url: URL });
    expect(article.body_html).to.equal(null);
    expect(cleanBody(article.body_html).retained).to.be.false;
  });

  it('survives broken JSON-LD and a page that is not HTML at all', () => {
    const broken = page('<script type="application/ld+json">{"@type": "NewsArticle", </script>');
    expect(extractArticle(broken, { url: URL }).title).to.equal('Council approves transport budget');
    expect(() => extractArticle('\u0000\u0001 not html {', { url: URL })).not.to.throw();
  });

  it('reads a real page of the benchmark: title, author, date, publisher', () => {
    const wsj = loadExtractionBenchmark().find((p) => p.url.includes('wsj.com/articles/google-stadia'));
    expect(wsj, 'benchmark page present').to.not.equal(undefined);
    const article = extractArticle(wsj?.html ?? '', { url: wsj?.url ?? '' });
    expect(article.title).to.match(/^Google Stadia, Microsoft xCloud, Apple Arcade/);
    expect(article.author).to.equal('Sarah E. Needleman');
    expect(article.published_date).to.equal('2019-11-19T13:03:00Z');
    expect(article.publisher).to.equal('WSJ');
    expect(article.canonical_url).to.match(/^https:\/\/www\.wsj\.com\/articles\//);
  });
});
