import { expect } from 'chai';
import iconv from 'iconv-lite';
import { cleanBody } from '@trendscope/pipeline/sanitise/clean-body';
import { decodePageBytes } from '@trendscope/pipeline/extract/decode-page-bytes';
import { EXTRACTION_LIMITS, extractArticle } from '@trendscope/pipeline/extract/extract-article';

const URL = 'https://news.example.org/2026/11/23/story';
const PARAGRAPH =
  'The regional council approved the new water plan on Monday, after months of talks with farmers, towns and the utility.';
const ARTICLE = `<article>${Array.from({ length: 6 }, () => `<p>${PARAGRAPH}</p>`).join('')}</article>`;
const FEED_HTML = `<p>${Array.from({ length: 8 }, () => PARAGRAPH).join(' ')}</p>`;

/** Runs fn and answers its result with the wall time it took. */
function timed<T>(fn: () => T): { result: T; ms: number } {
  const start = performance.now();
  const result = fn();
  return { result, ms: performance.now() - start };
}

/** What the process stage stores when extraction gives no body: the feed's own text. */
function storedBody(html: string | null): string {
  return html ? cleanBody(html, FEED_HTML).text : cleanBody(FEED_HTML).text;
}

describe('extraction bounds and pathological pages', () => {
  it('refuses a page over the size bound at once and the feed text stands in', () => {
    const huge = `<html><body>${ARTICLE}${'<div>filler text </div>'.repeat(EXTRACTION_LIMITS.maxHtmlChars / 20)}</body></html>`;
    const { result, ms } = timed(() => extractArticle(huge, { url: URL }));
    expect(result.failure).to.equal('too_large');
    expect(result.body_html).to.equal(null);
    expect(result.canonical_url).to.equal(URL);
    expect(ms).to.be.below(200);
    expect(storedBody(result.body_html)).to.include(PARAGRAPH);
  });

  it('extracts a page nested 2,000 elements deep (beyond the tree depth) with its text', () => {
    const depth = 2_000;
    const page = `<html><body>${'<div>'.repeat(depth)}${ARTICLE}${'</div>'.repeat(depth)}</body></html>`;
    const { result, ms } = timed(() => extractArticle(page, { url: URL }));
    expect(result.failure).to.equal(undefined);
    expect(cleanBody(result.body_html).text).to.include(PARAGRAPH);
    expect(ms).to.be.below(EXTRACTION_LIMITS.maxMs);
  });

  it('cuts a page nested 100,000 elements deep quickly and the feed text stands in', () => {
    const depth = 100_000;
    const page = `<html><body>${'<div>'.repeat(depth)}${ARTICLE}${'</div>'.repeat(depth)}</body></html>`;
    const { result, ms } = timed(() => extractArticle(page, { url: URL }));
    expect(result.failure).to.equal('too_deep');
    expect(result.body_html).to.equal(null);
    expect(ms).to.be.below(EXTRACTION_LIMITS.maxMs);
    expect(storedBody(result.body_html)).to.include(PARAGRAPH);
  });

  it('stops building a page of too many elements and says so', () => {
    const page = `<html><body>${ARTICLE}${'<span>a</span>'.repeat(30_000)}</body></html>`;
    const limits = { maxNodes: 20_000 };
    expect(extractArticle(page, { url: URL }).failure, 'within the default bound').to.equal(undefined);
    const { result, ms } = timed(() => extractArticle(page, { url: URL, limits }));
    expect(result.failure).to.equal('too_many_nodes');
    expect(result.body_html).to.equal(null);
    expect(ms).to.be.below(EXTRACTION_LIMITS.maxMs);
    expect(storedBody(result.body_html)).to.include(PARAGRAPH);
  });

  it('ends a parse that outruns its time budget with a clear failure', () => {
    const page = `<html><body>${ARTICLE.repeat(2_000)}</body></html>`;
    const result = extractArticle(page, { url: URL, limits: { maxMs: 0 } });
    expect(result.failure).to.equal('time');
    expect(result.body_html).to.equal(null);
  });

  it('reads megabytes behind an unclosed script, style or comment in linear time', () => {
    for (const opener of ['<script>', '<style>', '<!--', '<textarea>', '<title>']) {
      const page = `<html><body>${ARTICLE}${opener}${'x <p>y</p> '.repeat(300_000)}</body></html>`;
      const { result, ms } = timed(() => extractArticle(page, { url: URL }));
      expect(result.failure, opener).to.equal(undefined);
      expect(ms, opener).to.be.below(EXTRACTION_LIMITS.maxMs);
    }
  });

  it('cuts thousands of unclosed elements within the time bound', () => {
    const page = `<html><body>${ARTICLE}${'<script<p><b><i><table><tr><td><select>'.repeat(20_000)}</body></html>`;
    const { result, ms } = timed(() => extractArticle(page, { url: URL }));
    expect(result.failure).to.equal('too_deep');
    expect(ms).to.be.below(EXTRACTION_LIMITS.maxMs);
  });

  it('decodes broken or mislabelled encodings to text without throwing', () => {
    const latin = iconv.encode(
      `<meta charset="utf-8"><article><p>Größere Straßen für ${PARAGRAPH}</p></article>`,
      'latin1',
    );
    const random = Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 7919) % 256));
    const utf16 = iconv.encode(`<meta charset="utf-16"><p>${PARAGRAPH}</p>`, 'utf-16le');
    for (const bytes of [latin, random, utf16, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), random])]) {
      const article = extractArticle(decodePageBytes(bytes), { url: URL });
      expect(article.canonical_url).to.equal(URL);
    }
    expect(cleanBody(extractArticle(decodePageBytes(latin), { url: URL }).body_html).text).to.include(
      'Größere Straßen',
    );
  });
});
