import { expect } from 'chai';
import fc from 'fast-check';
import { cleanBody } from '@trendscope/pipeline/sanitise/clean-body';
import { extractArticle } from '@trendscope/pipeline/extract/extract-article';

const URL = 'https://news.example.net/2026/11/23/story';
const PROSE =
  'The harbour authority opened the new ferry terminal on Sunday, after three years of building, delays and a long dispute over costs.';
/** A marker that only ever sits in markup a reader never sees; it must never reach a body. */
const SECRET = 'ZQXSECRETMARKER';

const tagName = fc.constantFrom(
  'div',
  'p',
  'span',
  'section',
  'article',
  'li',
  'ul',
  'td',
  'tr',
  'table',
  'b',
  'a',
  'h2',
  'font',
);
const className = fc.constantFrom('', 'content', 'article-body', 'related', 'share', 'nav', 'comments', 'x', 'post');
const hiddenMarkup = fc.constantFrom(
  `<script>var s = "${SECRET}";</script>`,
  `<style>.${SECRET} { color: red }</style>`,
  `<template><p>${SECRET}</p></template>`,
  `<div hidden><p>${SECRET} ${PROSE}</p></div>`,
  `<p style="display:none">${SECRET} ${PROSE}</p>`,
  `<div aria-hidden="true">${SECRET}</div>`,
  `<noscript>${SECRET}</noscript>`,
  `<svg><text>${SECRET}</text></svg>`,
  `<!-- ${SECRET} -->`,
  `<select><option>${SECRET}</option></select>`,
  `<textarea>${SECRET}</textarea>`,
);
const junk = fc.constantFrom(
  '<',
  '>',
  '</',
  '&',
  '&amp;',
  '&#0;',
  '&#xD800;',
  '<!',
  '<![CDATA[',
  ']]>',
  '"',
  "'",
  '=',
  '\u0000',
  '\ufffd',
  '</p',
  '<p',
  '<td>',
  '</table>',
);

/** Random nested markup, unclosed elements included; with stray tokens when `leaves` has them. */
function markupOf(leaves: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.letrec<{ node: string }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constant(`<p>${PROSE}</p>`),
      hiddenMarkup,
      leaves,
      fc
        .tuple(tagName, className, fc.array(tie('node'), { maxLength: 5 }), fc.boolean())
        .map(([tag, cls, children, close]) => `<${tag} class="${cls}">${children.join('')}${close ? `</${tag}>` : ''}`),
    ),
  })).node;
}
/** Malformed everywhere: a stray `</p` can turn a following `<script>` into visible text, as in a browser. */
const brokenMarkup = markupOf(fc.oneof(junk, fc.string({ maxLength: 20 })));
/** Well-tokenised but badly nested markup: hidden payloads stay hidden. */
const nestedMarkup = markupOf(fc.stringMatching(/^[a-z ,.]{0,20}$/));

describe('extraction under random hostile markup (property tests)', () => {
  it('never throws and stays fast on broken markup', () => {
    fc.assert(
      fc.property(fc.array(brokenMarkup, { maxLength: 12 }), (parts) => {
        const page = `<html><head><title>Ferry</title></head><body>${parts.join('')}</body></html>`;
        const start = performance.now();
        const article = extractArticle(page, { url: URL });
        expect(performance.now() - start).to.be.below(1_000);
        expect(cleanBody(article.body_html).text).not.to.match(/<[a-z!?/]/i);
      }),
      { numRuns: 300 },
    );
  });

  it('never lets script, style, template or hidden text into the body, however nested', () => {
    fc.assert(
      fc.property(fc.array(nestedMarkup, { maxLength: 12 }), (parts) => {
        const article = extractArticle(`<html><body>${parts.join('')}</body></html>`, { url: URL });
        expect(article.body_html ?? '').not.to.include(SECRET);
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same result for the same page (no hidden state between pages)', () => {
    fc.assert(
      fc.property(fc.array(brokenMarkup, { maxLength: 10 }), (parts) => {
        const page = `<body><article>${parts.join('')}<p>${PROSE}</p></article></body>`;
        expect(extractArticle(page, { url: URL })).to.deep.equal(extractArticle(page, { url: URL }));
      }),
      { numRuns: 100 },
    );
  });

  it('keeps the prose of a well-formed article whatever chrome surrounds it', () => {
    fc.assert(
      fc.property(
        fc.array(hiddenMarkup, { maxLength: 6 }),
        fc.array(className, { maxLength: 3 }),
        (hidden, classes) => {
          const chrome = classes
            .map((c) => `<div class="${c}"><a href="/a">Home</a> <a href="/b">World</a></div>`)
            .join('');
          const page = `<body>${chrome}<article>${hidden.join('')}${`<p>${PROSE}</p>`.repeat(4)}</article>${chrome}</body>`;
          const body = cleanBody(extractArticle(page, { url: URL }).body_html).text;
          expect(body).to.include(PROSE);
          expect(body).not.to.include(SECRET);
        },
      ),
      { numRuns: 150 },
    );
  });
});
