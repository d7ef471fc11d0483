import { expect } from 'chai';
import { bidsForCompany } from '@trendscope/pipeline/detect/bid-for';
import { eventKinds, namesDealKind } from '@trendscope/pipeline/detect/event-kinds';
import { namesDeal } from '@trendscope/pipeline/detect/story-deal';

const isDeal = (text: string): boolean => Boolean(eventKinds(text).deal);

describe('bid for: a takeover only when what is bid for is a company, a unit or an asset', () => {
  it('reads a bid for a company, a unit or a named firm as a deal', () => {
    for (const text of [
      'Relativity Media Bids for Maker Studios',
      "Bouygues Raises Bid for Vivendi's SFR Unit",
      'Bouygues lifts bid for French mobile operator SFR',
      'Much for Vivendi to ponder in bids for its telecoms unit',
      'Charter continues bid for Time Warner',
      'Altice Group: not planning to raise its bid for SFR',
      'WSJ: Relativity looks to crash Disney’s bid for Maker',
      'Weir engineering group bids for Finnish rival Metso',
      'VW Stands by $9.2 Billion Bid for Scania After Committee Recommends Rejection',
    ]) {
      expect(isDeal(text), text).to.equal(true);
      expect(namesDealKind(text), text).to.equal(true);
    }
  });

  it('reads a bid for anything else as no deal', () => {
    for (const text of [
      'Prosecutors oppose McDonnell bid for more details',
      "Tymoshenko bid for Ukraine's top job as IMF and UN back Kiev",
      "Family's bid for experimental drug goes viral",
      'Documents point to “Android TV,” Google’s latest bid for the living room',
      'House of Cards Fails at Legislative Intrigue in Its Bid for More Handouts From',
    ]) {
      expect(bidsForCompany(text), text).to.deep.equal([]);
      expect(isDeal(text), text).to.equal(false);
      expect(namesDealKind(text), text).to.equal(false);
    }
  });

  it('leaves the other deal words as they were', () => {
    expect(isDeal('Broadcom raises hostile bid for Qualcomm')).to.equal(true);
    expect(isDeal('Holcim, Lafarge to Sell Assets in Bid for $50 Billion Merger Approval')).to.equal(true);
  });

  it("reads a place's bid for a plant, a headquarters or a site as a site competition, no deal", () => {
    for (const text of [
      "Regulations could harm Texas' bid for Tesla plant",
      "Arizona's bid for Tesla gigafactory gains ground",
      "New Mexico's bid for battery factory",
      "City's bid for Amazon headquarters",
      "France's bid for Tesla plant",
    ]) {
      expect(bidsForCompany(text), text).to.deep.equal([]);
      expect(isDeal(text), text).to.equal(false);
      expect(namesDeal(text), text).to.equal(false);
    }
  });

  it("leaves a company's bid for a plant, and a place's bid for a company, a deal", () => {
    for (const text of [
      'Fiat bids for Opel plant',
      "Chinese firm's bid for US plant",
      "Texas Instruments' bid for National Semiconductor",
      "Norway's bid for Statoil stake",
    ]) {
      expect(isDeal(text), text).to.equal(true);
      expect(namesDeal(text), text).to.equal(true);
    }
  });
});
