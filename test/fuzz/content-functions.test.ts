import { expect } from 'chai';
import fc from 'fast-check';
import { FeedParseError, parseFeed } from '@trendscope/pipeline/sources/parse-feed';
import { extractArticle } from '@trendscope/pipeline/extract/extract-article';
import { cleanBody } from '@trendscope/pipeline/sanitise/clean-body';
import { htmlToPlainText, sanitiseField } from '@trendscope/pipeline/sanitise/sanitise-text';
import { parseLooseDate } from '@trendscope/pipeline/sources/parse-date';
import { redactPersonalData } from '@trendscope/pipeline/sanitise/redact-personal-data';

/** Fragments that make random input look like markup, feeds and hostile payloads. */
const FRAGMENTS = [
  '<rss version="2.0">',
  '<channel>',
  '<item>',
  '</item>',
  '<title>',
  '</title>',
  '<link>',
  '<guid>',
  '<feed xmlns="http://www.w3.org/2005/Atom">',
  '<entry>',
  '<id>',
  '<urlset>',
  '<url><loc>',
  '{"version":',
  '"https://jsonfeed.org/version/1.1"',
  '"items":[',
  '{"rss":{"channel":',
  '<![CDATA[',
  ']]>',
  '&lt;',
  '&amp;lt;',
  '&#60;',
  '<script>',
  '</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  'javascript:',
  '<!--',
  '-->',
  '<p>',
  '</p>',
  '<div hidden>',
  '<style>',
  '\u0000',
  '\ufeff',
  'é',
  '纪',
  ' ',
  '\n',
  '"',
  "'",
];
const markupish = fc
  .array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 12 })), { maxLength: 40 })
  .map((parts) => parts.join(''));

describe('content functions under random and hostile input', () => {
  it('parseFeed either parses or throws FeedParseError, for any bytes', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          markupish.map((s) => Buffer.from(s)),
          fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
        ),
        (body) => {
          try {
            const feed = parseFeed(body, { url: 'https://example.com/feed' });
            for (const entry of feed.entries) {
              expect(entry.id).to.be.a('string').and.not.equal('');
              if (entry.url !== null) expect(entry.url).to.match(/^https?:\/\//);
            }
          } catch (error) {
            expect(error).to.be.instanceOf(FeedParseError);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('extractArticle never throws and its text fields carry no markup', () => {
    fc.assert(
      fc.property(markupish, (html) => {
        const article = extractArticle(html, { url: 'https://example.com/a' });
        expect(article.canonical_url).to.match(/^https?:\/\//);
        for (const field of [article.title, article.author, article.publisher, article.description]) {
          expect(field ?? '').not.to.match(/<[a-z!?/]/i);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('htmlToPlainText, sanitiseField and cleanBody never leave markup, script URLs or NUL', () => {
    fc.assert(
      fc.property(markupish, (html) => {
        for (const text of [htmlToPlainText(html), sanitiseField(html) ?? '', cleanBody(html).text]) {
          expect(text).not.to.match(/<[a-z!?/]/i);
          expect(text).not.to.match(/javascript:\S/i);
          expect(text).not.to.include('\u0000');
        }
      }),
      { numRuns: 500 },
    );
  });

  it('parseLooseDate answers a valid ISO UTC string or null', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.date({ noInvalidDate: true }).map((d) => d.toUTCString()),
        ),
        (value) => {
          const result = parseLooseDate(value);
          if (result !== null) {
            expect(result).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
            expect(Number.isNaN(Date.parse(result))).to.be.false;
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('redactPersonalData counts exactly the placeholders it writes', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const clean = text.replace(/\[(?:email|phone|card|iban|ip|ssn)\]/g, '');
        const { text: out, redactions } = redactPersonalData(clean);
        const written = out.match(/\[(?:email|phone|card|iban|ip|ssn)\]/g)?.length ?? 0;
        const counted = Object.values(redactions).reduce((a: number, b: number) => a + b, 0);
        expect(counted).to.equal(written);
      }),
      { numRuns: 500 },
    );
  });
});
