import { expect } from 'chai';
import { businessImpact } from '@trendscope/pipeline/detect/impact';
import { eventKinds, namesDealKind } from '@trendscope/pipeline/detect/event-kinds';
import { namesDeal, storyDeal } from '@trendscope/pipeline/detect/story-deal';

/**
 * The demo's Bouygues-SFR trend (2026-12-06): 34 member headlines, 3 of them with the bid's
 * "$15.8 billion"; its five central headlines carry no amount, so it was served 6.
 */
const BOUYGUES_CENTRAL = [
  "Bouygues Raises Bid for Vivendi's SFR Unit",
  "Bouygues Raises Bid for Vivendi's SFR, Says Spokesman",
  "UPDATE 1-Bouygues raises bid for Vivendi's SFR to shut out Numericable",
  'Bouygues raises offer for SFR',
  'Bouygues increases its offer for SFR',
];
const BOUYGUES_MEMBERS = [
  ...BOUYGUES_CENTRAL,
  'Bouygues Increases Cash Portion of SFR Bid to $15.8 Billion (2)',
  'Bidding war for French mobile operator SFR heats up with raised $15.8 bln offer',
  'Battle for French telecom supremacy heats up',
  'Numericable says its SFR offer is the better one',
  'Vivendi board to meet on SFR bids',
];

describe('story deal: the size of the deal a story is about, read from all its members', () => {
  it('reads the amount that a few members attach to the bid and floors the score at 7', () => {
    const deal = storyDeal(BOUYGUES_CENTRAL[0]!, BOUYGUES_MEMBERS);
    expect(deal?.usd).to.equal(15.8e9);
    expect(deal?.parties).to.include.members(['bouygues', 'sfr']);
    const input = {
      headlines: BOUYGUES_CENTRAL,
      summary: "Bouygues confirms improved offer for Vivendi's SFR",
      // No business outlet: the text alone scores it under 7 (the features' score, without the floor).
      domains: ['example.com'],
      reports: 30,
      categories: { business: 1 },
    };
    const served = businessImpact({ ...input, members: BOUYGUES_MEMBERS });
    expect(served.story_deal?.text).to.equal('$15.8 Billion');
    expect(served.rubric_readings.large_deal).to.equal(1);
    expect(served.score).to.be.at.least(7);
    // The central headlines alone tell no amount: no story deal, no floor.
    const central = businessImpact(input);
    expect(central.story_deal).to.equal(null);
    expect(central.rubric_readings.large_deal).to.equal(0);
    expect(central.score).to.be.below(7);
  });

  it('gives no size to a story that is not about the deal (a remark beside one)', () => {
    // "WhatsApp CEO: We won't compromise your privacy for Facebook" (85 members, 3 with an amount):
    // neither its central headline nor most of its members name a deal.
    const members = [
      "WhatsApp CEO: We won't compromise your privacy for Facebook",
      'WhatsApp founder says privacy will not change under Facebook',
      'WhatsApp promises users privacy',
      'WhatsApp CEO Jan Koum defends privacy',
      'WhatsApp CEO Talks About Privacy After $16 Billion Facebook Deal',
    ];
    expect(storyDeal(members[0]!, members)).to.equal(null);
  });

  it("takes no amount from a text that names none of the deal's parties, nor a person's sum", () => {
    const central = 'Scania committee rejects VW bid';
    const other = [
      'Scania committee rejects VW bid',
      'VW bid for Scania too low, committee says',
      'Scania rejects VW offer',
    ];
    // Another deal's amount, in a text without Scania or VW.
    expect(storyDeal(central, [...other, 'Bidding war: Numericable offer for SFR at $16 billion'])).to.equal(null);
    // The amount told with a party: read.
    expect(storyDeal(central, [...other, 'VW stands by $9.2 Billion bid for Scania'])?.usd).to.equal(9.2e9);
    // A lottery win beside a "deal" is no deal size.
    const lottery = ['Lottery winner takes $1 billion deal', 'Lottery deal for winner', 'Winner signs lottery deal'];
    expect(storyDeal(lottery[0]!, lottery)).to.equal(null);
  });

  it('tests the deal kind alone as eventKinds reads it, and a deal word', () => {
    const texts = [
      'Facebook to buy WhatsApp for $19 billion',
      'Comcast agrees to acquire Time Warner Cable',
      'Analyst upgrades JC Penney to buy',
      'Vivendi board to meet on SFR bids',
      'Keith Richards Recalls Childhood',
    ];
    // The global patterns' lastIndex does not carry from one text (or one call) to the next.
    for (const t of [...texts, ...texts]) expect(namesDealKind(t), t).to.equal(eventKinds(t).deal !== undefined);
    expect(texts.map(namesDeal)).to.deep.equal([true, true, false, true, false]);
  });
});
