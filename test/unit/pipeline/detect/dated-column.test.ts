import { expect } from 'chai';
import { isListed, recentTrendsRequest } from '@trendscope/core';
import { loadClassifier } from '@trendscope/pipeline/classify/classifier';
import { buildTrend, type TrendMember } from '@trendscope/pipeline/detect/build-trend';
import { isDatedColumnTrend, titleDay } from '@trendscope/pipeline/detect/dated-column';
import { buildTrendMember } from '../../../support/trend-member';

const NOW = new Date('2026-11-21T12:00:00Z');

function member(i: number, title: string, domain: string): TrendMember {
  // Within a minute of each other, as an aggregator's feed delivers a day's column editions.
  return buildTrendMember(i, NOW.getTime() - (60 - i) * 1_000, title, domain);
}

/** Headlines of UCI's "Current Mortgage Rates" story (March 2014): three sites' daily rate columns and two reports. */
const RATE_COLUMNS = [
  { title: 'Mortgage Rate Summary for BMO Harris Bank Mar 13', domain: 'fidaily.com' },
  { title: 'Mortgage Rate Summary for PNC Bank Mar 12', domain: 'fidaily.com' },
  { title: 'Mortgage Rates Thursday: Commerce Bank Mar 13', domain: 'fidaily.com' },
  { title: 'Not Much Motion in PNC Bank Mortgage Rates Mar 13', domain: 'modernreaders.com' },
  { title: 'Home Loans: Current Mortgage Rates at BB&T Bank Mar 11', domain: 'modernreaders.com' },
  { title: '30-Year Mortgage Rates: PNC Bank Mortgage Interest Rates for March 12', domain: 'southerndailypress.com' },
  {
    title: 'Current Mortgage Rates: TD Bank Mortgage Interest Rates Roundup for March 11',
    domain: 'southerndailypress.com',
  },
  {
    title: 'Current Mortgage Interest Rates: FHA Mortgage Rates, Fixed and VA Loans at  ...',
    domain: 'southerndailypress.com',
  },
  { title: 'US Mortgage Application Volume Fell 2.1% Last Week, MBA Says', domain: 'wsj.com' },
  { title: 'US mortgage applications slip in latest week -MBA', domain: 'reuters.com' },
];

describe('dated template columns (dated-column.ts)', () => {
  it('reads the calendar day a headline names, and no day from a month, a year, a fraction or a version', () => {
    expect(titleDay('Mortgage Rate Summary for PNC Bank Mar 12')).to.equal('3-12');
    expect(titleDay('Mortgage Rates Today: Rates Flat at BMO Harris and Citizens Bank (March 13)')).to.equal('3-13');
    expect(titleDay('EUR/USD Fundamental Analysis April 8, 2014 Forecast')).to.equal('4-8');
    expect(titleDay('Summary of Mortgage Interest Rates at BB&T on March 12, 2014')).to.equal('3-12');
    expect(titleDay('Jumbo Mortgage Rates Today – 3/12/2014')).to.equal('3-12');
    expect(titleDay('Markets on 2014-03-12')).to.equal('3-12');
    expect(titleDay('Rally on the 12th of March')).to.equal('3-12');
    for (const none of [
      'Job openings increased in January as hiring fell',
      'New Michael Jackson Album Xscape to be Released in May',
      'Best Mortgage Rates in March 2014',
      'Gold hits 6-1/2 month high',
      'LG G2 snatches Android 4.4 KitKat update on Sprint',
      'Stocks may 2 percent lower',
      '24/7 coverage of the missing jet',
    ]) {
      expect(titleDay(none), none).to.equal(undefined);
    }
  });

  it('counts a trend a column when half or more of it comes from publishers naming two days or more', () => {
    expect(isDatedColumnTrend(RATE_COLUMNS)).to.equal(true);
    // The same reports with each site's editions for one day only: no publisher repeats across days.
    const oneDay = RATE_COLUMNS.map((m) => ({ ...m, title: m.title.replace(/Mar(ch)? 1[123]/, 'March 13') }));
    expect(isDatedColumnTrend(oneDay)).to.equal(false);
    // A story whose reports all name the event's day is no column, however many name it.
    const event = ['abc.com', 'cbs.com', 'nbc.com'].flatMap((domain) => [
      { title: "Barbara Walters' final day on 'The View' set for May 15", domain },
      { title: 'Barbara Walters to leave The View on May 15', domain },
    ]);
    expect(isDatedColumnTrend(event)).to.equal(false);
    // One outlet's dated live pages within a story others report: a minority of the trend.
    const story = [
      { title: 'Missing jet: live updates March 12', domain: 'live.example' },
      { title: 'Missing jet: live updates March 13', domain: 'live.example' },
      { title: 'Malaysia widens search for missing plane', domain: 'a.example' },
      { title: 'Search for missing Malaysia Airlines jet widens', domain: 'b.example' },
      { title: 'Malaysia says missing jet may have turned back', domain: 'c.example' },
    ];
    expect(isDatedColumnTrend(story)).to.equal(false);
    expect(isDatedColumnTrend(story.slice(0, 4))).to.equal(true);
  });

  it('builds a column trend stored but not listed, and a story listed', () => {
    const opts = { now: NOW, classifier: loadClassifier(), idf: (): number => 3, domainQuality: new Map() };
    const column = buildTrend(
      'tr_aaaaaaaaaaaaaaaa',
      RATE_COLUMNS.map((m, i) => member(i, m.title, m.domain)),
      opts,
    );
    expect(column.source_count).to.equal(5);
    expect(column.dated_column).to.equal(true);
    expect(isListed(column)).to.equal(false);
    const story = buildTrend(
      'tr_bbbbbbbbbbbbbbbb',
      RATE_COLUMNS.slice(8).map((m, i) => member(i, m.title, m.domain)),
      opts,
    );
    expect(story.dated_column).to.equal(undefined);
    expect(isListed(story)).to.equal(true);
  });

  it('leaves column trends out of the list query (whose filter the counts of categories, stats and benefits share)', () => {
    expect(JSON.stringify(recentTrendsRequest({ page: 1, limit: 20 }, NOW))).to.include(
      '{"term":{"dated_column":true}}',
    );
  });
});
