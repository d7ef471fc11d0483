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
    // A URL without a day in it: the date filed in the URL is read after the text's.
    expect(extractArticle(headless, { url: 'https://www.example-news.de/story' }).published_date).to.equal(null);
  });

  it('keeps co-authors the page writes after the first declared one, joined as the page joins them', () => {
    const page = (byline: string, authors: string[]) =>
      `<html><head><script type="application/ld+json">${JSON.stringify({
        '@type': 'NewsArticle',
        author: authors.map((name) => ({ '@type': 'Person', name })),
      })}</script></head><body><article><h1>Titel</h1><p>${byline}</p>${BODY}</article></body></html>`;
    const author = (byline: string, authors: string[]) => extractArticle(page(byline, authors), { url: URL }).author;
    expect(author('Von Jane Doe und Max Muster', ['Jane Doe', 'Max Muster'])).to.equal('Jane Doe und Max Muster');
    expect(author('Jane Doe, Ana Lima, Max Muster', ['Jane Doe', 'Ana Lima', 'Max Muster'])).to.equal(
      'Jane Doe, Ana Lima, Max Muster',
    );
    // Declared but not written together (a photo credit elsewhere): the first author alone.
    expect(author('Von Jane Doe. Foto: Max Muster', ['Jane Doe', 'Max Muster'])).to.equal('Jane Doe');
    expect(author('Jane Doe on January 20', ['Jane Doe', 'January 20'])).to.equal('Jane Doe');
  });

  it('reads the day filed in the URL when the page shows no date at all', () => {
    const html = `<html><body><article><h1>Titel</h1>${BODY}</article></body></html>`;
    expect(extractArticle(html, { url: 'https://blog.example.org/2014/05/18/alles-neu/' }).published_date).to.equal(
      '2014-05-18T00:00:00Z',
    );
    expect(extractArticle(html, { url: 'https://blog.example.org/archiv/20140518-alles-neu' }).published_date).to.equal(
      null,
    );
    const declared = `<html><head><meta property="article:published_time" content="2014-05-19T10:00:00Z"></head><body><article><h1>Titel</h1>${BODY}</article></body></html>`;
    expect(extractArticle(declared, { url: 'https://blog.example.org/2014/05/18/alles-neu/' }).published_date).to.equal(
      '2014-05-19T10:00:00Z',
    );
  });
});
