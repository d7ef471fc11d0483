import { expect } from 'chai';
import { measureBylines, type BylineAccuracy } from '../support/byline-accuracy';

/**
 * Authors and titles on the 419 Giveme5W1H pages as the demo serves them (docs/quality.md
 * "Extraction"): no author with a junk sign (the news-please gold has 33), titles as the
 * records give them on 407 of 409 pages, the first clean gold author on 222 of 244.
 */
const TITLE_FLOOR = 407;
const AUTHOR_FLOOR = 222;

describe('authors and titles (Giveme5W1H demo pages)', function () {
  this.timeout(300_000);

  let acc: BylineAccuracy;
  before(async () => {
    acc = await measureBylines();
  });

  it('gives no junk author (sidebar headline, reading time, date, credit, biography)', () => {
    expect(acc.junk.gold, 'junk authors in the gold itself').to.be.above(0);
    expect(acc.junk.examples).to.deep.equal([]);
  });

  it(`reads the headline on at least ${TITLE_FLOOR} pages and the author on at least ${AUTHOR_FLOOR}`, () => {
    expect(acc.title.correct).to.be.at.least(TITLE_FLOOR);
    expect(acc.author.correct).to.be.at.least(AUTHOR_FLOOR);
  });
});
