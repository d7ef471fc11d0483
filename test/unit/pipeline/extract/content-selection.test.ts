import { expect } from 'chai';
import { extractArticle } from '@trendscope/pipeline/extract/extract-article';
import { cleanBody } from '@trendscope/pipeline/sanitise/clean-body';

const URL = 'https://www.example-news.de/2026/11/21/story';

const PARAGRAPHS = [
  'Der Stadtrat hat am Dienstag nach einer langen Debatte einen neuen Haushalt für den Verkehr beschlossen, der viele Bürger betrifft.',
  'Nach Angaben der Verwaltung sollen drei Buslinien hinzukommen, zwei Brücken saniert und das Radnetz um vierzig Kilometer erweitert werden.',
  'Kritiker meinten, das Geld wäre im Wohnungsbau besser angelegt, und mehrere Anwohner forderten eine Bürgerbeteiligung vor Baubeginn.',
  'Die Bürgermeisterin sagte, die Arbeiten sollten im Frühjahr beginnen, sobald die Aufträge vergeben und vom Land genehmigt seien.',
];
const LEAD =
  'Drei neue Buslinien, zwei Brücken und vierzig Kilometer Radwege: Der Stadtrat hat sich nach monatelangem Streit auf einen Plan geeinigt.';

/** The stored body text of a page. */
function bodyOf(html: string): string {
  return cleanBody(extractArticle(html, { url: URL }).body_html).text;
}

function paragraphs(list: string[]): string {
  return list.map((p) => `<p>${p}</p>`).join('\n');
}

const NAV = '<nav><a href="/">Start</a> <a href="/politik">Politik</a> <a href="/sport">Sport</a></nav>';
const SIDEBAR = `<div class="sidebar"><h3>Meistgelesen</h3><ul>${['Eins', 'Zwei', 'Drei', 'Vier']
  .map((t) => `<li><a href="/${t}">Ein anderer Artikel mit dem Titel ${t}</a></li>`)
  .join('')}</ul></div>`;

describe('content selection (page shapes)', () => {
  it('keeps the lead set in a header block far from the body, between the headline and the body', () => {
    const about =
      'Die Stadtzeitung berichtet seit 1950 über alles, was in der Stadt und in der Region geschieht, unabhängig, gründlich und für alle lesbar, die hier leben oder arbeiten.';
    const html = `<html><body>${NAV}<div class="hero"><h1>Stadtrat beschließt Verkehrshaushalt</h1><div class="hero-text"><p>${LEAD}</p></div></div>
      <div class="layout"><main><div class="text">${paragraphs(PARAGRAPHS)}</div></main>
      <aside class="sidebar"><p>${about}</p><p>${about}</p>${SIDEBAR}</aside></div></body></html>`;
    const body = bodyOf(html);
    expect(body.startsWith(LEAD), body).to.be.true;
    for (const p of PARAGRAPHS) expect(body).to.include(p);
    expect(body).not.to.match(/Stadtzeitung|Meistgelesen|anderer Artikel/);
  });

  it('leaves out a caption beside an image and a promotion in a sidebar between headline and body', () => {
    const caption =
      'Ein Bus fährt durch die Innenstadt, im Hintergrund das Rathaus, aufgenommen am Montagmorgen bei Regen.';
    const html = `<html><body><h1>Stadtrat beschließt Verkehrshaushalt</h1>
      <div class="photo"><img src="/bus.jpg"><p>${caption}</p></div>
      <div class="widget"><p>Jetzt unseren Newsletter abonnieren und keine Nachricht aus der Stadt und der Region mehr verpassen.</p></div>
      <div class="article-body">${paragraphs(PARAGRAPHS)}</div>${SIDEBAR}</body></html>`;
    const body = bodyOf(html);
    expect(body).not.to.include(caption);
    expect(body).not.to.include('Newsletter');
    expect(body).to.include(PARAGRAPHS[0]);
  });

  it('keeps a block named as a teaser when it links nowhere (the lead) and drops linked teasers', () => {
    const html = `<html><body>${NAV}<div class="article"><h1>Stadtrat beschließt Verkehrshaushalt</h1>
      <p class="teaser">${LEAD}</p>${paragraphs(PARAGRAPHS)}
      <div class="teaser"><a href="/andere">Lesen Sie auch: Ein anderer Artikel über den Nahverkehr</a></div></div></body></html>`;
    const body = bodyOf(html);
    expect(body).to.include(LEAD);
    expect(body).not.to.include('Lesen Sie auch');
  });

  it('joins an article split across sibling containers that share a class but differ in id', () => {
    const html = `<html><body>${NAV}<main><div class="row">
      <section class="detail-body first-part" id="p1">${paragraphs(PARAGRAPHS.slice(0, 1))}</section>
      <section class="related-box"><a href="/a">Ein anderer Artikel</a> <a href="/b">Noch ein Artikel</a></section>
      <section class="detail-body" id="p2">${paragraphs(PARAGRAPHS.slice(1))}</section>
      </div></main>${SIDEBAR}</body></html>`;
    const body = bodyOf(html);
    for (const p of PARAGRAPHS) expect(body).to.include(p);
    expect(body).not.to.match(/anderer Artikel|Meistgelesen/);
  });

  it('widens to the container whose other parts are prose paragraphs with few links', () => {
    const more = [
      'Im zweiten Teil der Sitzung ging es um die Finanzierung, die zu großen Teilen aus Mitteln des Landes und des Bundes stammen soll.',
      'Die Opposition kündigte an, den Beschluss prüfen zu lassen, und verwies auf frühere Gutachten zu den Kosten der Brückensanierung.',
    ];
    const html = `<html><body>${NAV}<div class="page"><div class="col">
      <div class="part-a">${paragraphs(PARAGRAPHS)}</div>
      <div class="part-b"><div class="inner">${paragraphs(more)}</div></div>
      </div>${SIDEBAR}</div></body></html>`;
    const body = bodyOf(html);
    for (const p of [...PARAGRAPHS, ...more]) expect(body).to.include(p);
    expect(body).not.to.include('Meistgelesen');
  });

  it('keeps a post quoted in the article even when its embed is named as social', () => {
    const quote =
      'Das ist der beste Tag für den Nahverkehr in dieser Stadt seit zwanzig Jahren, endlich passiert etwas.';
    const html = `<html><body>${NAV}<article><h1>Stadtrat beschließt Verkehrshaushalt</h1>${paragraphs(PARAGRAPHS.slice(0, 2))}
      <div class="social-media-embed"><blockquote class="twitter-tweet"><p>${quote}</p>— Anna (@anna) 21. November 2026</blockquote></div>
      ${paragraphs(PARAGRAPHS.slice(2))}<div class="social-share"><a href="#">Teilen</a> <a href="#">Twittern</a></div></article></body></html>`;
    const body = bodyOf(html);
    expect(body).to.include(quote);
    expect(body).not.to.match(/Twittern/);
  });

  it('drops a heading or a colon label left at the end of the article with nothing after it', () => {
    for (const tail of ['<h3>Weitere Meldungen aus der Region und der Stadt</h3>', '<p>Kontakt:</p>']) {
      const html = `<html><body>${NAV}<article><h1>Stadtrat beschließt Verkehrshaushalt</h1>${paragraphs(PARAGRAPHS)}${tail}</article></body></html>`;
      const body = bodyOf(html);
      expect(body.endsWith(PARAGRAPHS[3] as string), body).to.be.true;
    }
  });
});
