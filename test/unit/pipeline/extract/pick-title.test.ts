import { expect } from 'chai';
import { pickTitle } from '@trendscope/pipeline/extract/pick-title';

describe('pickTitle', () => {
  it("cuts the publisher's name written before or after the headline, separators in it included", () => {
    const site = ['AOC media - Analyse Opinion Critique'];
    expect(pickTitle('La retraite est un archaïsme | AOC media - Analyse Opinion Critique', '', site)).to.equal(
      'La retraite est un archaïsme',
    );
    expect(pickTitle('Gregory Szorc’s Home | Journey to Python 3', '', ['Gregory Szorc’s Home'])).to.equal(
      'Journey to Python 3',
    );
  });

  it("takes what comes before the h1 when the h1 is the site's logo text", () => {
    expect(pickTitle('Kleine Schafskunde | Mäscot das Schaf – Webcomic', 'Mäscot das Schaf – Webcomic', [])).to.equal(
      'Kleine Schafskunde',
    );
    expect(pickTitle('Muffin Grundrezept : Muffin Rezepte', 'Muffin Rezepte', [])).to.equal('Muffin Grundrezept');
  });

  it('keeps a headline h1 at the end of a "Site - Section - Headline" title, and never a date as headline', () => {
    const headline = 'Illegale Migration aus Belarus: 9.087 Feststellungen im laufenden Jahr';
    expect(pickTitle(`Bundespolizei - Aktuelles - ${headline}`, headline, [])).to.equal(headline);
    expect(pickTitle('08.11.2021 | Online-Fachtag zum Intersex Day', 'Online-Fachtag zum Intersex Day', [])).to.equal(
      'Online-Fachtag zum Intersex Day',
    );
  });

  it('keeps a title that names no site', () => {
    expect(
      pickTitle('Brexit: Johnson verliert die Abstimmung', 'Brexit: Johnson verliert die Abstimmung', []),
    ).to.equal('Brexit: Johnson verliert die Abstimmung');
  });
});
