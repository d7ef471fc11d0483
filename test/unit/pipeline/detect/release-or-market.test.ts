import { expect } from 'chai';
import { DEFAULT_REJOIN_OPTIONS, joiningTest, type StoryView } from '@trendscope/pipeline/detect/rejoin-stories';
import {
  marketReading,
  releaseOrMarketTest,
  releaseReading,
  sameMarketMove,
  sameRelease,
  tradingDay,
} from '@trendscope/pipeline/detect/release-or-market';

const H = 3_600_000;

/** A trend the rejoin reads: its founding (ms) and central headlines. */
function view(id: string, at: number, central: string[]): StoryView {
  return { id, first_seen: at, last_seen: at, article_count: 40, centroid: new Map(), entities: new Set(), central };
}

// The central headlines of the split stories (UCI held-out slices, story-repeat-gates.ts, 2026-12-07).
const states = [
  'Unemployment rates drop in 43 US states in January',
  'Unemployment rates drop in 43 states',
  'Unemployment rates drop in 43 US states',
];
const florida = [
  'Unemployment rates',
  'Florida unemployment rate drops to 6.1 percent',
  'State unemployment rate down to 6.7 percent for January',
];
const claims = [
  'US jobless claims drop to 7-year low',
  'US jobless claims drop to May 2007 low',
  'Jobless claims at lowest since 2007, but...',
];
const jobless_aid = [
  'Applications for US jobless aid dip 32000 to 300000',
  'Applications for US jobless aid dip to 300000',
  'Applications for jobless aid dip 32000 to 300000',
];
const worldStocks = [
  'Stocks fall on weak China export data',
  'GLOBAL MARKETS-World stocks, copper, oil decline after weak China export data',
  'GLOBAL MARKETS-World stocks, copper, oil dip after weak China export data',
];
const asiaNews = [
  'Stocks fall on discouraging news from Asia',
  'Stocks lower on discouraging news from Asia',
  'Stock futures fall on discouraging news from Asia',
];

describe('one data release, one market move (release-or-market.ts)', () => {
  it("reads a release's statistic, place and period", () => {
    expect(releaseReading('Unemployment rates drop in 43 US states in January')).to.deep.equal({
      statistic: 'unemployment rate',
      place: 'us',
      period: 'jan',
    });
    expect(releaseReading('Florida unemployment rate drops to 6.1 percent')).to.include({ place: 'us:florida' });
    expect(releaseReading('Applications for US jobless aid dip to 300000')?.statistic).to.equal('jobless claims');
    expect(releaseReading('US Economy Grew Faster Than Previously Estimated In Q4')).to.equal(undefined);
    expect(releaseReading('GDP grew 2.6% in fourth quarter')).to.deep.include({ statistic: 'gdp', period: 'q4' });
    // "May" as a verb or inside "since May 2007" is no period; a statistic named in passing is no release.
    expect(releaseReading('US jobless claims drop to May 2007 low')?.period).to.equal(undefined);
    expect(releaseReading('How inflation hurts savers')).to.equal(undefined);
  });

  it('joins one release told in other words: the statistic, the place and the period agree', () => {
    expect(sameRelease(states, florida)).to.equal(true);
    expect(sameRelease(claims, jobless_aid)).to.equal(true);
  });

  it('leaves two releases apart: another statistic, place or period', () => {
    // Held-out-pairs.tsv, read "different": the UK's release beside the US states'.
    const uk = [
      'UK jobless falls but unemployment rate steady at 7.2%',
      "Oregon's unemployment rate falls below 7 percent",
      'UK jobless claims fall by 34600; Unemployment rate steady at 7.2%',
    ];
    expect(sameRelease(states, uk)).to.equal(false);
    expect(sameRelease(florida, uk)).to.equal(false);
    // Two releases of one week: new home sales and home prices (one UCI id, read as two stories).
    expect(
      sameRelease(['New home sales fall 3.3% in February'], ['Home prices rise 13.2% in January: Case-Shiller']),
    ).to.equal(false);
    // Two states, two months.
    expect(
      sameRelease(
        ['Florida unemployment rate drops to 6.1 percent'],
        ['Oregon unemployment rate drops to 6.9 percent'],
      ),
    ).to.equal(false);
    expect(sameRelease(['US retail sales rise 0.7% in March'], ['US retail sales rise 0.3% in February'])).to.equal(
      false,
    );
    // A market's move on a release, and a mixed trend with one release among its central headlines
    // (April 30-40k, with the candidate gate lowered for these tests: measured, not adopted).
    const retailRally = [
      'US stocks rise on upbeat retail sales, Citigroup profit',
      'U.S. Stocks Rally After Retail Sales, Citigroup Earnings',
      'US stocks rise on Citi earnings, retail sales',
    ];
    expect(releaseReading(retailRally[0]!)).to.equal(undefined);
    expect(sameRelease(retailRally, ['US retail sales rise in March by most since September 2012'])).to.equal(false);
    const dollar = [
      'Even Big Jobless Claims Improvement Fails to Help Dollar',
      'US dollar closes lower on Taipei forex',
      'Jobless Claims Decline to 300000',
    ];
    expect(sameRelease(dollar, claims)).to.equal(false);
  });

  it("reads a stock market's move from the headline's subject, not a company's shares", () => {
    expect(marketReading('GLOBAL MARKETS-World stocks, copper, oil dip after weak China export data')).to.deep.equal({
      market: 'world',
      direction: 'down',
    });
    expect(marketReading('Stocks lower on discouraging news from Asia')).to.deep.equal({
      market: undefined,
      direction: 'down',
    });
    expect(marketReading('European shares rise as Ukraine fears ease')).to.deep.equal({
      market: 'europe',
      direction: 'up',
    });
    // Companies' shares, a company's stock, a currency: no stock market's move.
    expect(marketReading('Dish, DirecTV shares rise on merger talk')).to.equal(undefined);
    expect(marketReading('Twitter stock falls after lock-up expires')).to.equal(undefined);
    expect(marketReading('Dollar jumps against euro on prospect of ECB stimulus')).to.equal(undefined);
  });

  it('joins one market move: the same direction, markets that agree', () => {
    expect(sameMarketMove(worldStocks, asiaNews)).to.equal(true);
    const tech = ['Once-soaring tech stocks sink', 'Once-Soaring Tech Stocks Sink in Sobering Comedown'];
    expect(
      sameMarketMove(tech, ['Investor sentiment on tech goes from giddy to glum', 'Tech stocks see sobering comedown']),
    ).to.equal(true);
  });

  it('leaves two moves apart: another direction or another market', () => {
    expect(
      sameMarketMove(['Tech leads Wall St lower as Ukraine casts a shadow'], ['Stocks Move Higher on Wall Street']),
    ).to.equal(false);
    expect(
      sameMarketMove(['European stocks fall on Ukraine worries'], ["China's CSI300 stocks fall to 9-month low"]),
    ).to.equal(false);
  });

  it('tells trading days apart: New York evening is the day before, a weekend is Friday', () => {
    const monday = Date.UTC(2014, 2, 10, 17, 21);
    expect(tradingDay(Date.UTC(2014, 2, 10, 19, 54))).to.equal(tradingDay(monday));
    expect(tradingDay(Date.UTC(2014, 2, 11, 3, 0))).to.equal(tradingDay(monday));
    expect(tradingDay(Date.UTC(2014, 2, 11, 15, 0))).not.to.equal(tradingDay(monday));
    // Saturday night's and Sunday's reports of the tech stocks' week (apr-30).
    expect(tradingDay(Date.UTC(2014, 3, 12, 23, 51))).to.equal(tradingDay(Date.UTC(2014, 3, 13, 14, 37)));
    expect(tradingDay(Date.UTC(2014, 3, 13, 14, 37))).to.equal(tradingDay(Date.UTC(2014, 3, 11, 15, 0)));
  });

  it('is a test of the rejoin: the meaning floors, the hours and the trading day', () => {
    const o = DEFAULT_REJOIN_OPTIONS;
    const monday = Date.UTC(2014, 2, 10, 17, 21);
    // mar1-0: the world stocks trend and the 41 reports of the US open 2.6 h later, meaning 0.603.
    expect(joiningTest(view('a', monday, worldStocks), view('b', monday + 2.6 * H, asiaNews), 0.603, o)).to.equal(
      'market move',
    );
    expect(
      releaseOrMarketTest(view('a', monday, worldStocks), view('b', monday + 2.6 * H, asiaNews), 0.55, o),
    ).to.equal(undefined);
    // The next trading day's move is another story.
    expect(releaseOrMarketTest(view('a', monday, worldStocks), view('b', monday + 22 * H, asiaNews), 0.9, o)).to.equal(
      undefined,
    );
    // apr-30: jobless claims told twice at once, meaning 0.419.
    const thursday = Date.UTC(2014, 3, 12, 23, 49);
    expect(joiningTest(view('a', thursday, claims), view('b', thursday + 0.2 * H, jobless_aid), 0.419, o)).to.equal(
      'data release',
    );
    expect(
      releaseOrMarketTest(view('a', thursday, claims), view('b', thursday + 30 * H, jobless_aid), 0.9, o),
    ).to.equal(undefined);
    // Switched off at rejoinMeaning.
    const off = { ...o, rejoinReleaseMeaning: o.rejoinMeaning, rejoinMarketMeaning: o.rejoinMeaning };
    expect(releaseOrMarketTest(view('a', thursday, claims), view('b', thursday, jobless_aid), 0.7, off)).to.equal(
      undefined,
    );
  });
});
