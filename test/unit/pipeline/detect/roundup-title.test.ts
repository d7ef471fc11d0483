import { expect } from 'chai';
import { isListed, recentTrendsRequest } from '@trendscope/core';
import { loadClassifier } from '@trendscope/pipeline/classify/classifier';
import { buildTrend, type TrendMember } from '@trendscope/pipeline/detect/build-trend';
import { isRoundupTitle, isRoundupTrend } from '@trendscope/pipeline/detect/roundup-title';
import { buildTrendMember } from '../../../support/trend-member';

const NOW = new Date('2026-11-21T12:00:00Z');

function member(i: number, title: string, domain: string): TrendMember {
  return buildTrendMember(i, NOW.getTime() - (10 - i) * 600_000, title, domain);
}

describe('roundup columns (roundup-title.ts)', () => {
  it('reads a roundup label or a list of things to know by time as a roundup title', () => {
    for (const t of [
      'Business in Brief',
      'Monday Evening Business Brief',
      'Nation briefs',
      'SC business notebook, March 19',
      'Accendo Market Round-Up',
      '10 Things You Need To Know Before The Opening Bell',
      '10 things to know for Thursday',
      "10 Things to Know: This Week's Takeaways",
      'March 25 Premarket Briefing: 10 Things You Should Know',
    ]) {
      expect(isRoundupTitle(t), t).to.equal(true);
    }
  });

  it('does not read a headline that reports something, or a list about a subject, as one', () => {
    for (const t of [
      'Business briefs: Sprint chief wants to take over T-Mobile',
      'Twitter Back Online After Brief Outage',
      '5 things you need to know about the Box IPO',
      'Twitter Revamp: 10 Things To Know',
      'Malaysia flight simulator files deleted: 10 things to know Wednesday',
      'Seven highlights from Coachella 2014',
      'Stocks down on discouraging news from Asia',
      'McDonnell bid',
      'Gas prices up',
    ]) {
      expect(isRoundupTitle(t), t).to.equal(false);
    }
  });

  it('counts a trend a roundup when fewer than two publishers report anything besides roundup editions', () => {
    const editions = [
      { title: '10 Things You Need To Know This Morning', domain: 'businessinsider.com' },
      { title: '10 Things You Need To Know Before The Opening Bell', domain: 'businessinsider.in' },
    ];
    expect(isRoundupTrend(editions)).to.equal(true);
    const oneReport = [
      ...editions,
      { title: 'Vegas fire: 1 person dead; several police treated', domain: 'a.example' },
    ];
    expect(isRoundupTrend(oneReport)).to.equal(true);
    const twoReports = [...oneReport, { title: 'Fire in Las Vegas kills one', domain: 'b.example' }];
    expect(isRoundupTrend(twoReports)).to.equal(false);
    // No edition at all: a one-publisher trend is left out by its source_count, not by this.
    expect(isRoundupTrend([{ title: 'Fire in Las Vegas kills one', domain: 'b.example' }])).to.equal(false);
  });

  it("builds a trend of two outlets' roundup editions stored but not listed, and a story listed", () => {
    const opts = { now: NOW, classifier: loadClassifier(), idf: (): number => 3, domainQuality: new Map() };
    const roundup = buildTrend(
      'tr_aaaaaaaaaaaaaaaa',
      [
        member(0, 'Business in Brief', 'dailystar.example'),
        member(1, 'Monday Evening Business Brief', 'keloland.example'),
      ],
      opts,
    );
    expect(roundup.source_count).to.equal(2);
    expect(roundup.roundup).to.equal(true);
    expect(isListed(roundup)).to.equal(false);
    const story = buildTrend(
      'tr_bbbbbbbbbbbbbbbb',
      [
        member(0, 'Business in Brief', 'dailystar.example'),
        member(1, 'Bouygues raises bid for Vivendi unit SFR', 'reuters.example'),
        member(2, 'Bouygues confirms improved offer for SFR', 'ft.example'),
      ],
      opts,
    );
    expect(story.roundup).to.equal(undefined);
    expect(isListed(story)).to.equal(true);
  });

  it('leaves roundup trends out of the list query (whose filter the counts of categories, stats and benefits share)', () => {
    expect(JSON.stringify(recentTrendsRequest({ page: 1, limit: 20 }, NOW))).to.include('{"term":{"roundup":true}}');
  });
});
