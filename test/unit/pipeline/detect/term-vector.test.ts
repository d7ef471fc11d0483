import { expect } from 'chai';
import { articleVector, CALENDAR_TERMS } from '@trendscope/pipeline/detect/term-vector';

describe('article term vectors leave calendar words out', () => {
  const idf = () => 1;

  it('gives a title made only of a date and time no terms at all', () => {
    expect(articleVector('March 11, 2014, 2:02 am', '', idf).size).to.equal(0);
    expect(articleVector('Tuesday, 4 November 2014 10:15 GMT', '', idf).size).to.equal(0);
  });

  it('reads no terms from a headline that is page furniture, only from the text', () => {
    expect(articleVector('(click the phrases to see a list)', '', idf).size).to.equal(0);
    expect(
      [...articleVector('Click here for the full list', 'Jeep plant hires workers', idf).keys()].sort(),
    ).to.deep.equal(['hire', 'jeep', 'plant', 'worker']);
  });

  it('keeps the words that name the story', () => {
    const vec = articleVector('Benelux stocks: factors to watch on Tuesday, March 11', '', idf);
    expect([...vec.keys()].sort()).to.deep.equal(['benelux', 'factor', 'stock', 'watch']);
    for (const t of vec.keys()) expect(CALENDAR_TERMS.has(t)).to.be.false;
  });
});
