import { expect } from 'chai';
import { keyPhrases } from '@trendscope/pipeline/detect/key-phrases';
import {
  balanced,
  chooseTopic,
  cleanHeadline,
  hasDateOrTime,
  isReadableTopic,
} from '@trendscope/pipeline/detect/topic';

const flatIdf = (): number => 1;

describe('chooseTopic', () => {
  it('uses a multi-word key phrase shared by the titles', () => {
    const titles = [
      'Panama Papers reveal offshore holdings of leaders',
      'Leaders named in the Panama Papers respond',
      'What the Panama Papers mean for tax havens',
    ];
    expect(chooseTopic(keyPhrases(titles, flatIdf), ['fallback headline'])).to.equal('Panama Papers');
  });

  it('falls back to the central headline when no phrase has two words', () => {
    const phrases = [
      { key: 'drug', display: 'drug', score: 3 },
      { key: 'compani', display: 'company', score: 2 },
    ];
    const headline = 'Drug company agrees to give dying boy experimental drug';
    expect(chooseTopic(phrases, [headline])).to.equal(headline);
  });

  it('skips an amount and takes the next readable phrase', () => {
    const phrases = [
      { key: '121 billion', display: '121 billion', score: 3 },
      { key: 'tax bill', display: 'tax bill', score: 2 },
    ];
    expect(chooseTopic(phrases, ['x'])).to.equal('Tax bill');
  });

  it('never ends a phrase on a stray quote', () => {
    const titles = ["Scam emails from a 'Nigerian prince'", "The 'Nigerian prince' is back", "'Nigerian prince' scam"];
    expect(chooseTopic(keyPhrases(titles, flatIdf), ['x'])).to.equal('Nigerian prince');
  });

  it('takes the noun phrase a key phrase stands for in its headline, never a verb at either end', () => {
    const phrases = [{ key: 'enabl pixel visual', display: 'Enables Pixel Visual', score: 3 }];
    expect(chooseTopic(phrases, ['Google enables Pixel Visual Core for third-party apps'])).to.equal(
      'Pixel Visual Core',
    );
  });

  it("gives a person's full name for a lone surname on top", () => {
    const phrases = [{ key: 'lohan', display: 'Lohan', score: 3 }];
    expect(chooseTopic(phrases, ['Lindsay Lohan shows off her wedding dress'])).to.equal('Lindsay Lohan');
  });

  it('skips a phrase that is a clause in its headline', () => {
    const phrases = [
      { key: 'korea launch rocket', display: 'Korea launches rocket', score: 3 },
      { key: 'satellit launch', display: 'satellite launch', score: 2 },
    ];
    const headlines = ['North Korea launches rocket', 'Satellite launch sparks fears'];
    expect(chooseTopic(phrases, headlines)).to.equal('Satellite launch');
  });

  it('takes the date out of a headline used as the topic', () => {
    expect(chooseTopic([], ['Health Matters 03/12/14'])).to.equal('Health Matters');
  });

  it('falls back when there is no phrase at all', () => {
    expect(chooseTopic([], ['Only headline'])).to.equal('Only headline');
  });
});

describe('topic rules', () => {
  it('reads 2-8 words, no bare amount, no date, balanced quotes', () => {
    expect(isReadableTopic('Panama Papers')).to.be.true;
    expect(isReadableTopic('iPhone 6 release')).to.be.true;
    expect(isReadableTopic('Panama')).to.be.false;
    expect(isReadableTopic('one two three four five six seven eight nine')).to.be.false;
    expect(isReadableTopic('121 billion')).to.be.false;
    expect(isReadableTopic('$5 million')).to.be.false;
    expect(isReadableTopic('Health Matters 03/12/14')).to.be.false;
    expect(isReadableTopic("Nigerian prince'")).to.be.false;
    expect(isReadableTopic('Captain America (sequel')).to.be.false;
    expect(isReadableTopic('Broadcom raises')).to.be.false;
    expect(isReadableTopic('Employers posted')).to.be.false;
    expect(isReadableTopic('Panama Papers')).to.be.true;
  });

  it('finds dates and times', () => {
    expect(hasDateOrTime('March 11, 2014, 2:02 am')).to.be.true;
    expect(hasDateOrTime('News at Nine, 31 March')).to.be.true;
    expect(hasDateOrTime('2014-03-12 results')).to.be.true;
    expect(hasDateOrTime('March Madness brackets')).to.be.false;
    expect(hasDateOrTime('Boeing 787 battery')).to.be.false;
  });

  it('tells quotes from apostrophes', () => {
    expect(balanced("Obama's 'red line' speech")).to.be.true;
    expect(balanced('Parents’ group don’t agree')).to.be.true;
    expect(balanced("'red line speech")).to.be.false;
    expect(balanced('"Noah" premiere')).to.be.true;
    expect(balanced('"Noah premiere')).to.be.false;
    expect(balanced('Noah (film')).to.be.false;
  });

  it('cleans a headline: publisher suffix, dates, unpaired quotes', () => {
    expect(cleanHeadline('GM recalls 1.5 million cars - Reuters')).to.equal('GM recalls 1.5 million cars');
    expect(cleanHeadline('Stocks to watch, March 12')).to.equal('Stocks to watch');
    expect(cleanHeadline('"Noah tops box office')).to.equal('Noah tops box office');
  });
});
