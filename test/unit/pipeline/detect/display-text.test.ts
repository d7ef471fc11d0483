import { expect } from 'chai';
import { displayText, sameText } from '@trendscope/pipeline/detect/display-text';

describe('displayText', () => {
  it('writes a backtick used as an apostrophe as one', () => {
    expect(displayText('Keith Richards to release children`s book')).to.equal(
      "Keith Richards to release children's book",
    );
  });

  it('writes a backtick or acute accent used as a quote mark as one', () => {
    // UCI March 2014 and Giveme5W1H headlines (both topics on the demo).
    expect(displayText("Taylor Swift named Billboard's `Top Money Maker`")).to.equal(
      "Taylor Swift named Billboard's 'Top Money Maker'",
    );
    expect(displayText('`Smoke rings’ spotted in the ocean from space')).to.equal(
      "'Smoke rings’ spotted in the ocean from space",
    );
    expect(displayText('Singer ´Pink´ cancels tour')).to.equal("Singer 'Pink' cancels tour");
  });

  it('keeps typographic apostrophes as they are', () => {
    expect(displayText('Russia re-establishes contact with Angola’s satellite')).to.equal(
      'Russia re-establishes contact with Angola’s satellite',
    );
  });

  it('rejoins a decimal a feed split before a unit or after a currency sign', () => {
    expect(displayText('State unemployment rate ticks down to 6. 1 percent')).to.equal(
      'State unemployment rate ticks down to 6.1 percent',
    );
    expect(displayText('King Seeks IPO Valuation Up to $7. 6 Billion')).to.equal(
      'King Seeks IPO Valuation Up to $7.6 Billion',
    );
    expect(displayText("What's new in iOS 7. 1 for the iPhone")).to.equal("What's new in iOS 7.1 for the iPhone");
    expect(displayText('Firefox version 28. 0 is out')).to.equal('Firefox version 28.0 is out');
    // Two sentences whose second opens on a number stay two.
    expect(displayText('Shares fell in 2014. 5 analysts disagree')).to.equal(
      'Shares fell in 2014. 5 analysts disagree',
    );
  });

  it('drops a name prefix the headline repeats, and only a whole one', () => {
    expect(displayText('Lena Dunham - Lena Dunham may quit acting')).to.equal('Lena Dunham may quit acting');
    expect(displayText('Keith Richards - Keith Richards writes children`s book')).to.equal(
      "Keith Richards writes children's book",
    );
    expect(displayText('Ban - Bank raises rates')).to.equal('Ban - Bank raises rates');
    expect(displayText('Apple - a review of the iPad')).to.equal('Apple - a review of the iPad');
  });

  it("writes a typo's capital last letter in lower case, and leaves names and acronyms", () => {
    expect(displayText('Whole-genome sequencing for clinical use faces many challenges, study findS')).to.equal(
      'Whole-genome sequencing for clinical use faces many challenges, study finds',
    );
    expect(displayText('Study findS: coffee helps')).to.equal('Study finds: coffee helps');
    for (const kept of [
      'New iPhone and iPad on eBay',
      'Neil deGrasse Tyson hosts Cosmos on YouTube',
      'easyJet and comiXology results; McDonald posts',
      'NASA and the FDA on iOS and macOS',
      'Fans tweet #goTeamA and @userX',
    ])
      expect(displayText(kept)).to.equal(kept);
  });

  it('compares texts without case, punctuation or apostrophes', () => {
    expect(sameText('Mt. Gox', 'mt gox')).to.equal(true);
    expect(sameText("Veronica Mars'", 'Veronica Mars')).to.equal(true);
    expect(sameText('Mt Gox files', 'Mt Gox')).to.equal(false);
  });
});
