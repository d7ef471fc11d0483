import { expect } from 'chai';
import {
  namesUsState,
  reportsCompanyDeal,
  reportsCrimeWithoutCompany,
  reportsDeviceNews,
  reportsIncident,
  reportsMarketMove,
} from '@trendscope/pipeline/detect/category-events';

describe('events whose kind decides a headline category', () => {
  it("reads a company's takeover, bid, listing or results", () => {
    for (const h of [
      'Broadcom Raises Qualcomm Hostile Bid to About $121 Billion',
      "Broadcom unveils $121 billion 'best and final' offer for Qualcomm",
      'Apple in talks to buy Renesas chip unit: report',
      'Twitter posts first-quarter revenue above estimates',
      'King Digital files for IPO',
      'SoftBank CEO Pushes For Sprint Deal With T-Mobile',
      'Sprint Chairman Says Carrier Still Interested in T-Mobile Purchase',
      "Softbank boss promises 'massive price war' if he can buy T-Mobile US",
      'T-Mobile US CFO: Industry consolidation is inevitable',
    ]) {
      expect(reportsCompanyDeal(h), h).to.equal(true);
    }
  });
  it('needs a company as the subject, and results that are results', () => {
    for (const h of [
      'Prosecutors oppose McDonnell bid for more details',
      'Google tweaks search results',
      'Samsung Galaxy S5 hands-on review',
      'Study results show coffee may help',
      'Samsung deals on Galaxy phones this weekend',
      'A small bird managed to take over a Delta flight',
    ]) {
      expect(reportsCompanyDeal(h), h).to.equal(false);
    }
  });
  it('reads a crime, trial or scam with no company or market as its subject', () => {
    for (const h of [
      'Prosecutors oppose McDonnell bid for more details',
      "Alleged 'Nigerian prince' scammer nabbed in Louisiana",
      'Former governor indicted on corruption charges',
      'Amazon, Microsoft staff busted buying sex workers trapped in trafficking industry',
      'Amazon and Microsoft employees caught up in sex trafficking sting',
    ]) {
      expect(reportsCrimeWithoutCompany(h), h).to.equal(true);
    }
  });
  it('leaves a company, a market and a clinical trial out', () => {
    for (const h of [
      'JPMorgan charged with fraud over mortgage bonds',
      'Toyota to pay $1.2 billion to settle criminal probe',
      'Stocks fall as former trader is charged',
      'Drug shows promise in clinical trial',
      'Gas prices continue to climb',
    ]) {
      expect(reportsCrimeWithoutCompany(h), h).to.equal(false);
    }
  });
  it('reads a US state by name, not a country or the capital', () => {
    expect(namesUsState("Louisiana man 'middle man' in 'Nigerian prince' scam")).to.equal(true);
    expect(namesUsState('Court dismisses Arkansas man’s conviction')).to.equal(true);
    expect(namesUsState('New Mexico sheriff arrested')).to.equal(true);
    expect(namesUsState('Mexico cartel leader thrived by playing dead')).to.equal(false);
    expect(namesUsState('Tourist arrested in Georgia')).to.equal(false);
    expect(namesUsState('Washington charges Chinese hackers')).to.equal(false);
  });

  it('reads an accident, the weather, a flight mishap or a surprised person, whatever company is named', () => {
    for (const h of [
      'New York Metro-North worker struck and killed by train',
      'NYC subway work trains collide in tunnel, 1 worker injured',
      'Erie smashes snowfall record with flakes still falling',
      'A small bird managed to take over a Delta flight',
      'Hawaiian Air Flight That Took off in 2018 Will Land in 2017',
      "LA-Tokyo flight turns back after 'unauthorized' passenger discovered",
      'Woman stunned to find electric bill listed as $284 billion',
    ]) {
      expect(reportsIncident(h), h).to.equal(true);
    }
  });
  it('leaves an outage, a product, a recall and the economy out of incidents', () => {
    for (const h of [
      "'True Detective' Finale Crashes HBO Go",
      'United Airlines launching free in-flight video service for iOS devices',
      'GM recalls 1.5 million cars after crashes',
      'Storms slow US retail sales',
      'Snowstorm hits stocks as investors flee',
      'American Airlines, JetBlue End Partnership Agreement',
    ]) {
      expect(reportsIncident(h), h).to.equal(false);
    }
  });
  it("reads a traded asset's price or move, not a company sharing something", () => {
    for (const h of [
      'Bitcoin price falls below $6,000 as banker signals crackdown',
      'Bitcoin Slumps to 3-Month Low Below $6K',
      'Ripple soars, becomes second-biggest cryptocurrency by market cap',
      'Oil prices climb as OPEC cuts output',
    ]) {
      expect(reportsMarketMove(h), h).to.equal(true);
    }
    for (const h of ['Apple shares photos of its new campus', 'Bitcoin ATM opens in Austin', 'Gold medal for Norway']) {
      expect(reportsMarketMove(h), h).to.equal(false);
    }
  });
  it("reads a device's launch, leak or review, not its sales or its maker's deal", () => {
    for (const h of [
      'Samsung’s Galaxy S9 leaked in pics ahead of rumoured February launch',
      "Is this Samsung's Galaxy S9?",
      'Samsung Galaxy S5 hands-on review',
    ]) {
      expect(reportsDeviceNews(h), h).to.equal(true);
    }
    for (const h of [
      'iPhone sales jump 20% in the quarter',
      'Apple to buy Beats, the headphone maker, for $3 billion',
      'Samsung shares fall as smartphone profits slide',
      'Samsung Galaxy in talks',
    ]) {
      expect(reportsDeviceNews(h), h).to.equal(false);
    }
  });
});
