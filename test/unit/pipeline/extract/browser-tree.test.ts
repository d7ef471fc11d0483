import { expect } from 'chai';
import { extractArticle } from '@trendscope/pipeline/extract/extract-article';
import { nodeText, parsePage } from '@trendscope/pipeline/extract/page-tree';
import { htmlToPlainText } from '@trendscope/pipeline/sanitise/sanitise-text';

/**
 * Pathological pages, each with the text a browser shows (the HTML standard's tree construction)
 * and the text it never shows. Every visible paragraph must reach the body; no hidden one may.
 */
const URL = 'https://news.example.org/2026/11/27/story';
const P = [
  'First paragraph, long enough to keep: the regional council approved the new water plan on Monday, after months of talks.',
  'Second paragraph: farmers, towns and the utility agreed on how the costs are shared, after a long and bitter dispute.',
  'Third paragraph: the first pipes are to be laid next spring, once the contracts have been tendered and signed off.',
  'Fourth paragraph: opponents said the plan came too late for the driest villages, and asked for an inquiry into the delays.',
];
const HIDDEN = 'ZQXHIDDENMARKER';

interface Case {
  name: string;
  /** The article's inner markup. */
  html: string;
  /** Paragraphs a browser shows (indexes into P). */
  visible: number[];
}

const CASES: Case[] = [
  {
    name: 'an unclosed <svg> (the injection vector <svg/onload=...>)',
    html: `<p>${P[0]}</p><svg/onload=alert(2)><p>${P[1]}</p><p>${P[2]}</p>`,
    visible: [0, 1, 2],
  },
  {
    name: 'an unclosed <svg> holding its own text, left by a <div>',
    html: `<p>${P[0]}</p><svg><text>${HIDDEN}</text><div><p>${P[1]}</p></div><p>${P[2]}</p>`,
    visible: [0, 1, 2],
  },
  {
    name: 'an unclosed <math> left by a paragraph',
    html: `<p>${P[0]}</p><math><mi>${HIDDEN}</mi><p>${P[1]}</p><p>${P[2]}</p>`,
    visible: [0, 1, 2],
  },
  {
    name: 'svg <title> and <style> (plain elements in svg), then a paragraph',
    html: `<p>${P[0]}</p><svg><title>${HIDDEN}</title><style>.${HIDDEN}{}</style></svg><p>${P[1]}</p>`,
    visible: [0, 1],
  },
  {
    name: 'unclosed formatting elements across paragraphs',
    html: `<p><b>${P[0]}</p><p><i>${P[1]}</p><p><em><strong>${P[2]}</div><p>${P[3]}</p>`,
    visible: [0, 1, 2, 3],
  },
  {
    name: 'misnested formatting (<b><p></b></p>, the adoption agency)',
    html: `<b><p>${P[0]}</b> still the same paragraph.</p><p>${P[1]}</p>`,
    visible: [0, 1],
  },
  {
    name: '</p> without <p>',
    html: `<div><p>${P[0]}</p></p></div></p><p>${P[1]}</p></p></p><p>${P[2]}</p>`,
    visible: [0, 1, 2],
  },
  {
    name: 'a table with stray content (foster parenting)',
    html: `<table><tr><td>${P[0]}</td></tr><p>${P[1]}</p>${P[2]}</table><p>${P[3]}</p>`,
    visible: [0, 1, 2, 3],
  },
  {
    name: 'a <template> (its content is never shown)',
    html: `<p>${P[0]}</p><template><p>${HIDDEN} ${P[3]}</p></template><p>${P[1]}</p>`,
    visible: [0, 1],
  },
  {
    name: 'a <noscript> (not shown where scripts run)',
    html: `<p>${P[0]}</p><noscript><p>${HIDDEN} Please enable JavaScript.</p></noscript><p>${P[1]}</p>`,
    visible: [0, 1],
  },
  {
    name: 'a body split by a stray </body> and </html>',
    html: `<p>${P[0]}</p></article></body></html><article><p>${P[1]}</p><p>${P[2]}</p>`,
    visible: [0, 1, 2],
  },
  {
    name: 'an unclosed <select> inside a form, closed by the next form control',
    html: `<p>${P[0]}</p><form><select><option>${HIDDEN}</select></form><p>${P[1]}</p>`,
    visible: [0, 1],
  },
];

const page = (inner: string): string =>
  `<!doctype html><html><head><title>Water plan</title></head><body><nav><a href="/">Home</a></nav><article>${inner}</article></body></html>`;

describe('pathological pages keep the text a browser shows', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const article = extractArticle(page(c.html), { url: URL });
      const body = article.body_html ? htmlToPlainText(article.body_html) : '';
      for (const i of c.visible) expect(body, `paragraph ${i + 1}`).to.include(P[i]);
      expect(body).not.to.include(HIDDEN);
    });
  }

  it('reads </p> without <p> as an empty paragraph, the text around it kept', () => {
    const parsed = parsePage(`<div>one</p>two</div>`, {
      maxDepth: 200,
      maxOpen: 3000,
      maxNodes: 1000,
      deadline: Infinity,
    });
    const div = parsed.root.children[0];
    expect(typeof div === 'object' && div.children.map((c) => (typeof c === 'string' ? c : c.tag))).to.deep.equal([
      'one',
      'p',
      'two',
    ]);
  });

  it('puts foster-parented table text before the table, as a browser does', () => {
    const parsed = parsePage(`<table><tr><td>cell</td></tr>stray</table>after`, {
      maxDepth: 200,
      maxOpen: 3000,
      maxNodes: 1000,
      deadline: Infinity,
    });
    expect(nodeText(parsed.root)).to.equal('straycellafter');
  });

  it('reads head metadata in document order, also from a body split by </body>', () => {
    const parsed = parsePage(
      `<html lang="de"><head><title>T</title><meta name="a" content="1"></head><body><p>x</p></body><meta name="b" content="2">`,
      { maxDepth: 200, maxOpen: 3000, maxNodes: 1000, deadline: Infinity },
    );
    expect(parsed.lang).to.equal('de');
    expect(parsed.title).to.equal('T');
    expect(parsed.meta.map((m) => m.attrs.name)).to.deep.equal(['a', 'b']);
  });
});
