import { expect } from 'chai';
import { namesHost, pickHeadline } from '@trendscope/pipeline/extract/pick-headline';

const page = (declared: string[], headings: string[], host = 'news.example.org', siteNames: string[] = []) =>
  pickHeadline({ declared, headings, siteNames, host });

describe('pickHeadline (the candidates that agree)', () => {
  it('takes the h1 a declared title repeats, not an SEO og:title that differs', () => {
    const h1 = 'As his first debate nears, Bloomberg is having to answer about his past';
    expect(page(['Michael Bloomberg is having to answer questions about his past', h1], [h1])).to.equal(h1);
  });

  it('takes the agreeing h1 among several (a short section h1 first)', () => {
    const h1 = 'Keine Spiel-Talstraße zur Bunten Republik Neustadt';
    expect(page([h1], ['Spiel-Talstraße', h1])).to.equal(h1);
  });

  it('takes the h1 a declared title holds with a site name, but never the logo text a title ends with', () => {
    expect(page(['Receita de Sequilho com Chocolate Amargo | CyberCook'], ['Sequilho com Chocolate Amargo'])).to.equal(
      'Sequilho com Chocolate Amargo',
    );
    expect(
      page(['Werkzeuge des Neandertalers | Steinzeit & Co'], ['Steinzeit & Co', 'Werkzeuge des Neandertalers']),
    ).to.equal('Werkzeuge des Neandertalers');
    expect(page(['Muffin Grundrezept : Muffin Rezepte'], ['Muffin Rezepte'])).to.equal('Muffin Grundrezept');
  });

  it('takes the declared title an h1 shows with a kicker before it', () => {
    expect(
      page(['Große Aufgaben für die neue Regierung'], ['Tunesien Große Aufgaben für die neue Regierung']),
    ).to.equal('Große Aufgaben für die neue Regierung');
  });

  it('keeps a headline whose own words follow a dash when every candidate agrees', () => {
    const headline = 'Luftfahrtbranche hebt nach Corona ab - und FACC profitiert';
    expect(page([headline, headline], [headline])).to.equal(headline);
  });

  it('cuts the outlet named after or before the headline, found by its host', () => {
    expect(page(['Fed holds rates - The New York Times'], [], 'nytimes.com')).to.equal('Fed holds rates');
    expect(
      page(['Oil falls on demand fears | Reuters'], ['Oil falls on demand fears | Reuters'], 'reuters.com'),
    ).to.equal('Oil falls on demand fears');
    expect(page(['BBC News - Storm closes schools'], [], 'bbc.co.uk')).to.equal('Storm closes schools');
    expect(namesHost('Daily Mail Online', 'dailymail.co.uk')).to.equal(true);
    expect(namesHost('and markets fall', 'reuters.com')).to.equal(false);
  });

  it('never reads a subheading: without h1 or declared title there is no headline', () => {
    expect(page([], [])).to.equal(null);
  });
});
