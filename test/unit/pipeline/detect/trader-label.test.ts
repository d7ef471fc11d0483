import { expect } from 'chai';
import { chooseTopic } from '@trendscope/pipeline/detect/topic';
import { isTraderLabel, traderLabelsLast } from '@trendscope/pipeline/detect/trader-label';

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
  });

  it('leaves stories about a currency, an index or a company written in words alone', () => {
    expect(isTraderLabel('Dollar slides against yen')).to.equal(false);
    expect(isTraderLabel('Pound hits five-year high against dollar')).to.equal(false);
    expect(isTraderLabel('FTSE 100 falls as miners slide')).to.equal(false);
    expect(isTraderLabel('Dow closes at record high')).to.equal(false);
    expect(isTraderLabel('USD slides as Fed minutes disappoint')).to.equal(false);
    expect(isTraderLabel('General Motors (GM) recalls more cars')).to.equal(false);
    expect(isTraderLabel('Chrysler (FCA) recalls Jeeps')).to.equal(false);
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
});
