import { expect } from 'chai';
import { extractArticle } from '@trendscope/pipeline/extract/extract-article';
import { cleanAuthorName } from '@trendscope/pipeline/extract/read-byline';

const URL = 'https://www.example-news.de/2026/11/21/story';
const BODY =
  '<p>Der Stadtrat hat am Dienstag nach einer langen Debatte einen neuen Haushalt für den Verkehr beschlossen, der viele Bürger betrifft.</p>';

describe('visible bylines', () => {
  for (const [shown, name] of [
    ['Von Jane Doe', 'Jane Doe'],
    ['Erstellt von Andri Bryner', 'Andri Bryner'],
    ['Alles von Martin Junker', 'Martin Junker'],
    ['Interview: Julia Lauter', 'Julia Lauter'],
    ['Par Marie Dupont', 'Marie Dupont'],
    ['Janic Cathomen, 01.12.2021', 'Janic Cathomen'],
    ['Posted', ''],
    ['Artikel von:', ''],
    ['Publiziert am', ''],
  ] as const) {
    it(`reads "${shown}" as ${name ? `"${name}"` : 'no name'}`, () => {
      expect(cleanAuthorName(shown)).to.equal(name);
    });
  }

  it('takes the name out of a declared author that starts with "Von"', () => {
    const html = `<html><head><meta name="author" content="Von Jane Doe"></head><body><article><h1>Titel</h1>${BODY}</article></body></html>`;
    expect(extractArticle(html, { url: URL }).author).to.equal('Jane Doe');
  });

  for (const [shown, day] of [
    ['24. April 2020 | Pressemitteilung', '2020-04-24'],
    ['Mise en ligne 23 mai 2019', '2019-05-23'],
    ['January 13, 2020 at 08:45', '2020-01-13'],
    ['LG Marius 18. 05. 2014 22:38', '2014-05-18'],
    ['Familie 17/02/2022', '2022-02-17'],
  ] as const) {
    it(`reads the date shown after the headline in "${shown}" when nothing declares one`, () => {
      const html = `<html><body><article><h1>Titel des Artikels</h1><div class="info">${shown}</div>${BODY}</article></body></html>`;
      expect(extractArticle(html, { url: URL }).published_date?.slice(0, 10)).to.equal(day);
    });
  }

  it('prefers the declared date to one written in the text, and reads none from a page without a headline', () => {
    const declared = `<html><head><meta property="article:published_time" content="2026-11-21T08:00:00Z"></head><body><article><h1>Titel</h1><p>Am 3. Mai 2019 begann es.</p>${BODY}</article></body></html>`;
    expect(extractArticle(declared, { url: URL }).published_date).to.equal('2026-11-21T08:00:00Z');
    const headless = `<html><body><article><p>Am 3. Mai 2019 begann es.</p>${BODY}</article></body></html>`;
    expect(extractArticle(headless, { url: URL }).published_date).to.equal(null);
  });
});
