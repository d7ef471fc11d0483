import { expect } from 'chai';
import { phraseInHeadlines } from '@trendscope/pipeline/detect/noun-phrase';

const nounPhrase = (phrase: string, headline: string): string | undefined =>
  phraseInHeadlines(phrase, [headline])?.nounPhrase;

describe('phraseInHeadlines', () => {
  it('drops a verb that opens a phrase and completes the noun after it', () => {
    expect(nounPhrase('Enables Pixel Visual', 'Google enables Pixel Visual Core for third-party apps')).to.equal(
      'Pixel Visual Core',
    );
    expect(nounPhrase('Strikes Highway Bridge', 'Tourist ship strikes highway bridge in Germany; 27 hurt')).to.equal(
      'highway bridge',
    );
  });

  it('drops a verb that closes a phrase', () => {
    expect(nounPhrase('Rose Parade rolls', 'Sun, fun, flowers as 129th Rose Parade rolls in California')).to.equal(
      'Rose Parade',
    );
    expect(nounPhrase('Mt Gox files', 'Mt Gox files for bankruptcy')).to.equal('Mt Gox');
  });

  it("gives a person's full name for part of it", () => {
    expect(nounPhrase('Jeopardy champ Arthur', 'Jeopardy champ Arthur Chu loses')).to.equal(
      'Jeopardy champ Arthur Chu',
    );
    expect(nounPhrase('Lohan', 'Lindsay Lohan shows off her wedding dress')).to.equal('Lindsay Lohan');
    expect(phraseInHeadlines('Lohan', ['Lindsay Lohan shows off her wedding dress'])?.name).to.equal(true);
    const juan = phraseInHeadlines('Juan Pablo', ["Juan Pablo Galavis, controversial 'Bachelor': 'I'm not a bad guy'"]);
    expect(juan).to.include({ nounPhrase: 'Juan Pablo Galavis', name: true });
  });

  it("reads capitalised words opened by a person's as a name, though the tagger takes one for an adjective", () => {
    expect(
      phraseInHeadlines('Taylor Swift', ["Taylor Swift, Kenny Chesney Top Billboard's Money-Maker List"])?.name,
    ).to.equal(true);
    expect(phraseInHeadlines('Taylor Swift', ['Taylor Swift named highest-paid singer'])?.name).to.equal(true);
    expect(phraseInHeadlines('Tesla Motors', ['Tesla Motors shares rise on new battery plant'])?.name).to.equal(false);
  });

  it("completes a place's name, a name read surname first, and leaves out the number that ends another name", () => {
    expect(nounPhrase('Rica plane crash', '10 Americans among 12 dead in Costa Rica plane crash')).to.equal(
      'Costa Rica plane crash',
    );
    expect(nounPhrase('Premier Li', 'Premier Li Keqiang says China flexible on growth target')).to.equal(
      'Premier Li Keqiang',
    );
    expect(
      nounPhrase("2's Pixel Visual", "Google Pixel 2's Pixel Visual Core Now Enhances Photos in Instagram"),
    ).to.equal('Pixel Visual Core');
  });

  it('completes a capitalised "X of Y" name, and keeps the number after a title word in any case', () => {
    expect(nounPhrase('Thrones Season', 'Watch the Game of Thrones season 4 trailer')).to.equal(
      'Game of Thrones season 4',
    );
    expect(nounPhrase('England deputy governor', 'Bank of England deputy governor resigns')).to.equal(
      'Bank of England deputy governor',
    );
    expect(nounPhrase('Thrones Season', 'A guide for fans of Thrones Season')).to.equal('Thrones Season');
  });

  it("takes a headline's first word for a noun, not an order, but a verb further in", () => {
    expect(nounPhrase('Gas prices', 'Gas prices up 3.4 cents')).to.equal('Gas prices');
    expect(nounPhrase('know this morning', '5 things to know this morning')).to.equal('morning');
  });

  it('finds no noun phrase in a clause, and stops at punctuation', () => {
    expect(nounPhrase('Korea launches rocket', 'North Korea launches rocket')).to.equal(undefined);
    expect(nounPhrase('Veronica Mars', "Kristen Bell Rocks Dress At 'Veronica Mars' Premiere")).to.equal(
      'Veronica Mars',
    );
    expect(nounPhrase('Kristen Bell', 'Kristen Bell Rocks Dress'), 'a name ends a phrase').to.equal('Kristen Bell');
  });

  it('takes the first headline that holds the phrase, and none when no headline does', () => {
    const found = phraseInHeadlines('Nigerian prince', [
      'Scam ring broken up',
      "Alleged 'Nigerian prince' scammer nabbed",
    ]);
    expect(found).to.deep.equal({
      headline: "Alleged 'Nigerian prince' scammer nabbed",
      nounPhrase: 'Nigerian prince',
      name: false,
    });
    expect(phraseInHeadlines('Panama Papers', ['Scam ring broken up'])).to.equal(undefined);
  });
});
