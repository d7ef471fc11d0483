import { expect } from 'chai';
import { chooseSummary, type SummaryMember } from '@trendscope/pipeline/detect/build-trend';
import { chooseTopic } from '@trendscope/pipeline/detect/topic';
import { isDeskHeadline, isTraderLabel, traderLabelsLast } from '@trendscope/pipeline/detect/trader-label';

describe('trading sites’ page titles', () => {
  const carney = [
    'GBP/USD: UK economy not yet overheated',
    "Mark Carney: Bank Of England Can't Stop UK House Price Inflation",
    'Carney says Bank of England cannot stop house price rises alone',
  ];
  const mjna = [
    'Medical Marijuana, Inc. (OTCMKTS:MJNA) Holds Steady Course',
    'Marijuana stocks rally as Colorado sales top forecasts',
  ];

  it('reads a currency pair, an index label or a bracketed ticker as a trading site’s title', () => {
    expect(isTraderLabel('GBP/USD: UK economy not yet overheated')).to.equal(true);
    expect(isTraderLabel('EUR/USD - euro steadies ahead of ECB')).to.equal(true);
    expect(isTraderLabel('USD/JPY Forecast: yen firms on risk aversion')).to.equal(true);
    expect(isTraderLabel('FTSE 100: miners drag London lower')).to.equal(true);
    expect(isTraderLabel('S&P 500 Forecast for the week')).to.equal(true);
    expect(isTraderLabel('Medical Marijuana, Inc. (OTCMKTS:MJNA) Holds Steady Course')).to.equal(true);
    expect(isTraderLabel('General Motors Company (NYSE:GM) recalls more cars')).to.equal(true);
    expect(isTraderLabel('Apple Inc. (NASDAQ: AAPL) shares climb')).to.equal(true);
    // A company's legal name with its ticker in brackets, as stock sites title their pages.
    expect(isTraderLabel('JC Penney Company Upgraded to “Buy” at Citigroup Inc. (JCP)')).to.equal(true);
    expect(isTraderLabel('Herbalife Ltd. (HLF) Spent More On Lobbying Than Bill Ackman')).to.equal(true);
    expect(isTraderLabel('Sony Corporation (ADR) warns of Vaio fire risk')).to.equal(true);
    expect(isTraderLabel('Google Inc (GOOG) has launched an add-on store')).to.equal(true);
  });

  it('leaves stories about a currency, an index or a company written in words alone', () => {
    expect(isTraderLabel('Dollar slides against yen')).to.equal(false);
    expect(isTraderLabel('Pound hits five-year high against dollar')).to.equal(false);
    expect(isTraderLabel('FTSE 100 falls as miners slide')).to.equal(false);
    expect(isTraderLabel('Dow closes at record high')).to.equal(false);
    expect(isTraderLabel('USD slides as Fed minutes disappoint')).to.equal(false);
    expect(isTraderLabel('General Motors (GM) recalls more cars')).to.equal(false);
    expect(isTraderLabel('Chrysler (FCA) recalls Jeeps')).to.equal(false);
    expect(isTraderLabel('Finance ministers of the group (G20) meet in Sydney')).to.equal(false);
    expect(isTraderLabel('Fed rejects Citigroup capital plan')).to.equal(false);
  });

  it('reads a headline naming a pair or a site’s “Exchange Rate” as a desk’s, a story about a rate as none', () => {
    expect(isDeskHeadline('Technical analysis: EUR/USD falls to lowest since March 6')).to.equal(true);
    expect(isDeskHeadline('GBP to AUD Exchange Rate Fluctuates after UK Retail Sales Report')).to.equal(true);
    expect(isDeskHeadline('GBP/USD: UK economy not yet overheated')).to.equal(true);
    expect(isDeskHeadline('China eases exchange rate control')).to.equal(false);
    expect(isDeskHeadline('Dollar slides against yen')).to.equal(false);
    expect(isDeskHeadline('Carney to face questions over Bank oversight')).to.equal(false);
  });

  it('moves trading sites’ titles last unless every headline is one', () => {
    expect(traderLabelsLast(carney)).to.deep.equal([carney[1], carney[2], carney[0]]);
    const all = ['GBP/USD: UK economy not yet overheated', 'GBP/USD - sterling eases after Carney'];
    expect(traderLabelsLast(all)).to.deep.equal(all);
  });

  it('tops the trend with a headline naming the story in words', () => {
    expect(chooseTopic([], carney)).to.equal("Mark Carney: Bank Of England Can't Stop UK House Price Inflation");
    expect(chooseTopic([], mjna)).to.equal('Marijuana stocks rally as Colorado sales top forecasts');
    expect(chooseTopic([], ['Dollar slides against yen', 'Yen firms as Asian shares fall'])).to.equal(
      'Dollar slides against yen',
    );
  });

  it('summarises with a report in words before a trading site’s title that says more', () => {
    const h = (title: string): SummaryMember => ({ title, description: null, body: null });
    const topic = "Mark Carney: Bank Of England Can't Stop UK House Price Inflation";
    const label = 'GBP/USD: UK economy not yet overheated, sterling firms after Carney testimony';
    const words = 'Carney says Bank of England cannot stop house price rises alone';
    expect(chooseSummary([h(label), h(words), h('Carney on house prices')], topic)).to.equal(words);
    const ticker = 'General Motors Company (NYSE:GM) shares slip as ignition switch recall widens again';
    const gm = 'GM recall widens to more models';
    expect(chooseSummary([h(ticker), h(gm), h('GM recalls more cars')], 'General Motors recalls more cars')).to.equal(
      gm,
    );
    // Every member a trading site's title, or most (a forex desk's day): the one that says most, as before.
    const labels = [label, 'GBP/USD - sterling eases after Carney'];
    expect(chooseSummary(labels.map(h), topic)).to.equal(label);
    const desk = [
      'GBP/USD is up above 1.6600 after strong retail sales report',
      'GBP/USD remains higher as U.K. data still supports',
      'GBP LIVE: UK Exchange Rates See Pressure Ease',
    ];
    expect(chooseSummary(desk.map(h), 'Pound gains after UK data')).to.equal(desk[0]);
    // UCI March 16-31 40-50k: a pair's day whose other pages name another pair keeps its pair's page.
    const day = [
      'GBP/USD is up an above 1.6600 after strong retail sales report',
      'GBP to AUD Exchange Rate Fluctuates after UK Retail Sales Report',
      'UK data supports sterling',
    ];
    expect(chooseSummary(day.map(h), 'GBP/USD remains higher as U.K. data still supports')).to.equal(day[0]);
    // A report of an index or a currency in words is no page title and keeps its place.
    const ftse = 'FTSE 100 falls as miners slide on weak Chinese trade figures';
    expect(chooseSummary([h(ftse), h('Miners drag London lower')], 'London stocks fall')).to.equal(ftse);
  });
});
