import { expect } from 'chai';
import { cleanBody } from '@trendscope/pipeline/sanitise/clean-body';
import { htmlToPlainText, sanitiseField } from '@trendscope/pipeline/sanitise/sanitise-text';
import { extractArticle } from '@trendscope/pipeline/extract/extract-article';
import { parseFeed } from '@trendscope/pipeline/sources/parse-feed';

/** The usual XSS vectors, each with the marker that must not survive. */
const VECTORS: Array<[string, string]> = [
  ['script element', '<script>alert("xss-script")</script>'],
  ['script with attributes', '<script type="text/javascript" src="https://evil.example/x.js"></script>'],
  ['img onerror', '<img src=x onerror="alert(\'xss-img\')">'],
  ['svg onload', '<svg onload=alert("xss-svg")><circle r="1"/></svg>'],
  ['svg with script', '<svg><script>alert("xss-svgscript")</script></svg>'],
  ['javascript: link', '<a href="javascript:alert(\'xss-link\')">click me</a>'],
  ['javascript: link with entities', '<a href="jav&#x61;script:alert(1)">entity link</a>'],
  ['iframe', '<iframe src="https://evil.example/frame" onload="alert(1)"></iframe>'],
  ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ['object/embed', '<object data="evil.swf"><embed src="evil.swf"></object>'],
  ['style expression', '<div style="width: expression(alert(\'xss-style\'))">styled</div>'],
  ['style element', '<style>body{background:url("javascript:alert(1)")}</style>'],
  ['entity-encoded script', '&lt;script&gt;alert("xss-encoded")&lt;/script&gt;'],
  ['double-encoded script', '&amp;lt;script&amp;gt;alert("xss-double")&amp;lt;/script&amp;gt;'],
  ['numeric-entity script', '&#60;script&#62;alert("xss-numeric")&#60;/script&#62;'],
  ['encoded img onerror', '&lt;img src=x onerror=alert(1)&gt;'],
  ['comment', '<!-- <script>alert("xss-comment")</script> -->'],
  ['conditional comment', '<!--[if IE]><script>alert(1)</script><![endif]-->'],
  ['hidden element', '<div hidden>secret hidden text</div>'],
  ['display:none element', '<span style="display:none">secret hidden text</span>'],
  ['aria-hidden element', '<span aria-hidden="true">secret hidden text</span>'],
  ['noscript mXSS', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
  [
    'math/style mXSS',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  ],
  ['svg/style mXSS', '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">'],
  ['form action', '<form action="javascript:alert(1)"><button>Go</button></form>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['base href', '<base href="javascript:alert(1)//">'],
  ['data URL', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>'],
  ['template', '<template><script>alert(1)</script></template>'],
  ['textarea breakout', '<textarea></textarea><script>alert(1)</script></textarea>'],
  ['unclosed tag', '<img src=x onerror=alert(1)//'],
  ['null byte', '<scr\u0000ipt>alert(1)</scr\u0000ipt>'],
  ['plain-text javascript URL', 'javascript:alert(document.cookie)'],
];

const PROSE_BEFORE = 'The council approved the new budget on Tuesday after a long debate.';
const PROSE_AFTER = 'Residents will see the changes from next spring, officials said.';

/** Nothing that a browser or a careless consumer would run, load or hide. */
function expectNothingHostile(value: string | null): void {
  const text = value ?? '';
  expect(text).not.to.match(/<\s*\/?\s*[a-z!?]/i, 'no markup');
  expect(text).not.to.match(/javascript\s*:\S/i, 'no javascript: URL');
  expect(text).not.to.match(/\bon(?:error|load)\s*=/i, 'no event handler');
  expect(text).not.to.match(/alert\s*\(|expression\s*\(/i, 'no script payload');
  expect(text).not.to.include('secret hidden text');
  expect(text).not.to.include('\u0000');
}

describe('hostile HTML through every content function', () => {
  for (const [label, vector] of VECTORS) {
    const html = `<p>${PROSE_BEFORE}</p><p>Lead ${vector} tail.</p><p>${PROSE_AFTER}</p>`;

    it(`htmlToPlainText removes ${label} and keeps the prose`, () => {
      const text = htmlToPlainText(html);
      expectNothingHostile(text);
      expect(text).to.include(PROSE_BEFORE);
      expect(text).to.include(PROSE_AFTER);
      expect(text).to.match(/Lead\b/);
    });

    it(`sanitiseField removes ${label}`, () => {
      const field = sanitiseField(`Title ${vector} end`);
      expectNothingHostile(field);
      expect(field).to.match(/^Title\b/);
      expect(field).not.to.include('\n');
    });

    it(`cleanBody removes ${label}`, () => {
      const body = cleanBody(`${html}<p>${PROSE_BEFORE} ${PROSE_AFTER} ${PROSE_BEFORE}</p>`);
      expectNothingHostile(body.text);
      expect(body.text).to.include(PROSE_AFTER);
    });

    it(`extractArticle yields no hostile field for ${label}`, () => {
      const page = `<html><head><title>News ${vector}</title>
        <meta name="author" content="Jane ${vector.replace(/"/g, '&quot;')}">
        <meta property="og:site_name" content="Daily ${vector.replace(/"/g, '&quot;')}">
        <meta name="description" content="About ${vector.replace(/"/g, '&quot;')}">
        <link rel="canonical" href="javascript:alert(1)"></head>
        <body><article><h1>News</h1>${html}<p>${PROSE_AFTER} ${PROSE_BEFORE}</p><p>${PROSE_BEFORE}</p></article></body></html>`;
      const article = extractArticle(page, { url: 'https://news.example.com/story' });
      expect(article.canonical_url).to.equal('https://news.example.com/story');
      for (const field of [article.title, article.author, article.publisher, article.description]) {
        expectNothingHostile(field);
      }
      const body = cleanBody(article.body_html);
      expectNothingHostile(body.text);
      expect(body.text).to.include(PROSE_BEFORE);
    });

    it(`parseFeed yields no hostile field for ${label}`, () => {
      const escaped = `${PROSE_BEFORE} ${vector}`.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      const rss = `<?xml version="1.0"?><rss version="2.0"><channel><title>Feed ${escaped}</title>
        <item><title>Item ${escaped}</title><link>https://news.example.com/a</link>
        <author>x@example.com (Jane ${escaped})</author>
        <description>${escaped}</description><category>${escaped}</category></item></channel></rss>`;
      const feed = parseFeed(Buffer.from(rss), { url: 'https://news.example.com/feed' });
      const entry = feed.entries[0];
      expect(entry).to.not.equal(undefined);
      for (const field of [feed.title, entry?.title ?? null, entry?.author ?? null, ...(entry?.categories ?? [])]) {
        expectNothingHostile(field);
      }
      // Feed HTML stays HTML, but only safe HTML: no script, handler, frame or script URL.
      const html = entry?.summary_html ?? '';
      expect(html).not.to.match(/<script|<iframe|<object|<embed|<svg|<style|<form|javascript:\S|<[^>]*\son\w+\s*=/i);
      expectNothingHostile(cleanBody(html).text);
    });
  }
});
