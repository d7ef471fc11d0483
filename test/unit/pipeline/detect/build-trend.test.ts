import { expect } from 'chai';
import { MAX_CITATIONS, TREND_ID_PATTERN } from '@trendscope/core';
import { loadClassifier } from '@trendscope/pipeline/classify/classifier';
import {
  buildTrend,
  chooseSummary,
  type SummaryMember,
  RATED_DOMAIN_WEIGHT,
  isPhotoCaption,
  summarise,
  type TrendMember,
} from '@trendscope/pipeline/detect/build-trend';
import { trendIdFor } from '@trendscope/pipeline/detect/trend-id';

const H = 3_600_000;
const NOW = new Date('2026-11-21T12:00:00Z');
const idf = (): number => 3;

function member(i: number, over: Partial<TrendMember> = {}): TrendMember {
  const time = NOW.getTime() - (60 - i) * H;
  return {
    id: `art-${i}`,
    time,
    url: `https://site${i % 7}.example/${i}`,
    title: `Chipmaker acquisition approved by regulators in Brussels ${i}`,
    description: 'European regulators approved the acquisition of the chipmaker. The deal closes next month.',
    body: null,
    publisher: `Site ${i % 7}`,
    domain: `site${i % 7}.example`,
    author: i % 2 ? 'Reporter' : null,
    published_date: new Date(time).toISOString(),
    word_count: 400,
    fetch_method: 'page',
    language: 'en',
    simhash: (0x1000 + i).toString(16).padStart(16, 'a'),
    content_retained: i % 3 !== 0,
    ...over,
  };
}

describe('buildTrend', () => {
  const classifier = loadClassifier();
  const opts = { now: NOW, classifier, idf, domainQuality: new Map([['site0.example', 9]]) };

  it('bounds citations to MAX_CITATIONS, taking every domain first, and counts all articles per domain', () => {
    const members = Array.from({ length: 60 }, (_, i) => member(i));
    const t = buildTrend(trendIdFor('art-0'), members, opts);
    expect(t.id).to.match(TREND_ID_PATTERN);
    expect(t.citations).to.have.length(MAX_CITATIONS);
    expect(new Set(t.citations.map((c) => c.domain)).size).to.equal(7);
    expect(t.article_count).to.equal(60);
    expect(Object.values(t.domain_articles).reduce((a, b) => a + b, 0)).to.equal(60);
    expect(t.origin_domain).to.equal('site0.example');
    expect(t.source_count).to.equal(7);
    expect(t.retained_count).to.equal(40);
    expect(t.first_seen).to.equal(members[0]!.published_date!.replace('.000Z', 'Z'));
    expect(t.timeline.reduce((a, b) => a + b.articles, 0)).to.equal(60);
    expect(t.timeline.every((b) => b.velocity !== undefined)).to.be.true;
  });

  it('counts syndicated copies once in the velocity', () => {
    const members = Array.from({ length: 6 }, (_, i) => member(50 + i, { simhash: '0123456789abcdef' }));
    const t = buildTrend('tr_aaaaaaaaaaaaaaaa', members, opts);
    expect(t.velocity_metrics.current).to.equal(1);
    expect(t.score_breakdown.independent_reports).to.equal(1);
  });

  it('explains both scores and keeps them in range', () => {
    // site0 (quality 9, two articles) and site1 (unknown: 5.5): the mean over citing domains.
    const t = buildTrend('tr_aaaaaaaaaaaaaaaa', [member(0), member(7), member(1)], opts);
    expect(t.domain_quality_score).to.equal(7.3);
    const impact = t.score_breakdown.business_impact as {
      baseline: number;
      parts: Record<string, { points: number }>;
      total: number;
      center: number;
      stretch: number;
      score: number;
      signal_terms: string[];
    };
    const parts = Object.values(impact.parts).reduce((s, p) => s + p.points, impact.baseline);
    expect(impact.total).to.be.closeTo(parts, 0.2);
    expect(t.business_impact_score).to.equal(impact.score);
    expect(impact.score).to.equal(
      Math.min(10, Math.max(1, Math.round(impact.center + impact.stretch * (impact.total - impact.center)))),
    );
    expect(impact.signal_terms).to.include('deal:acquisition');
    expect(impact.signal_terms).to.include('enforcement:regulators');
  });

  it('weighs a rated outlet RATED_DOMAIN_WEIGHT times an estimated one in domain_quality_score', () => {
    const quality = new Map([
      ['site0.example', 9],
      ['site1.example', 4],
    ]);
    const members = [member(0), member(1)];
    const equal = buildTrend('tr_aaaaaaaaaaaaaaaa', members, { ...opts, domainQuality: quality });
    expect(equal.domain_quality_score).to.equal(6.5);
    const rated = buildTrend('tr_aaaaaaaaaaaaaaaa', members, {
      ...opts,
      domainQuality: quality,
      ratedDomains: new Set(['site0.example']),
    });
    // (4 x 9 + 1 x 4) / 5 = 8.0
    expect(RATED_DOMAIN_WEIGHT).to.equal(4);
    expect(rated.domain_quality_score).to.equal(8);
    expect(rated.score_breakdown.domain_quality).to.include({ rated_domains: 1, rated_weight: 4, mean: 8 });
  });

  it('reads topic and summary from the reports since a long silence when they outnumber the earlier ones and tell another story', () => {
    const storm = [
      'Storm floods coastal towns in Portugal',
      'Lisbon streets under water after heavy rain',
      'Portugal evacuates villages as rivers rise',
      'Coastal flooding closes schools in Porto',
    ];
    const stormReport = (i: number, hours: number): TrendMember =>
      member(10 + i, {
        time: NOW.getTime() - hours * H,
        title: storm[i]!,
        description: 'Heavy rain flooded streets in coastal towns. Residents were evacuated by boat.',
      });
    // One wording carried three times is denser than four wordings of the storm: it tells the whole trend.
    const earlier = [member(0), member(1), member(2)].map((m, i) => ({
      ...m,
      title: 'Chipmaker acquisition approved by regulators in Brussels',
      time: NOW.getTime() - (40 - i) * H,
    }));
    // Four storm reports 12 h after the last acquisition report: the trend is told by them.
    const wave = storm.map((_, i) => stormReport(i, 40 - 2 - 12 - i / 60));
    // Each story's headlines mean one direction: the wave tells another story (meaning 0).
    const unit = (k: number): Float32Array => Float32Array.from({ length: 384 }, (_, j) => (j === k ? 1 : 0));
    const embedText = (text: string): Float32Array => unit(/chipmaker/i.test(text) ? 0 : 1);
    const withMeaning = { ...opts, embedText };
    const t = buildTrend('tr_aaaaaaaaaaaaaaaa', [...earlier, ...wave], withMeaning);
    expect(t.topic).to.match(/storm|flood|rain|portugal|villages/i);
    expect(t.topic).not.to.match(/chipmaker|acquisition/i);
    expect(t.summary).to.match(/rain|evacuated/);
    expect(t.keywords.join(' ')).to.match(/chipmaker|acquisition/);
    expect(t.article_count).to.equal(7);
    // Three of them are no majority, and a silence a minute short of 12 h is none: all members tell it.
    const fewer = buildTrend('tr_aaaaaaaaaaaaaaaa', [...earlier, ...wave.slice(1)], withMeaning);
    expect(fewer.topic).to.match(/chipmaker|acquisition/i);
    const shorter = wave.map((m) => ({ ...m, time: m.time - 60_000 }));
    expect(buildTrend('tr_aaaaaaaaaaaaaaaa', [...earlier, ...shorter], withMeaning).topic).to.match(
      /chipmaker|acquisition/i,
    );
    // A wave that tells the same story (one meaning), or no encoder to tell: all members tell it.
    const sameStory = { ...opts, embedText: () => unit(2) };
    expect(buildTrend('tr_aaaaaaaaaaaaaaaa', [...earlier, ...wave], sameStory).topic).to.match(
      /chipmaker|acquisition/i,
    );
    expect(buildTrend('tr_aaaaaaaaaaaaaaaa', [...earlier, ...wave], opts).topic).to.match(/chipmaker|acquisition/i);
  });

  it('summarises with one or two sentences of the most central article', () => {
    expect(summarise({ title: 'T', description: 'First one. Second one. Third one.', body: null })).to.equal(
      'First one. Second one.',
    );
    expect(summarise({ title: 'Only a title', description: null, body: null })).to.equal('Only a title');
  });

  it('never says the first sentence twice (a standfirst above the same first paragraph)', () => {
    const body =
      'Authorities say two subway work trains have collided in a tunnel. NEW YORK — Authorities say two subway work trains have collided in a tunnel. One worker was hurt.';
    expect(summarise({ title: 'T', description: null, body })).to.equal(
      'Authorities say two subway work trains have collided in a tunnel. One worker was hurt.',
    );
  });
});

describe('chooseSummary and summarise', () => {
  it('never ends a sentence on a short abbreviation before a number ("files Ch. 11")', () => {
    const lead =
      'Pizza chain Sbarro, which runs hundreds of restaurants in shopping malls and airports across the United ' +
      'States and abroad, files Ch. 11 for the second time in three years. It owes lenders money.';
    expect(summarise({ title: 'T', description: lead, body: null })).to.equal(
      'Pizza chain Sbarro, which runs hundreds of restaurants in shopping malls and airports across the United ' +
        'States and abroad, files Ch. 11 for the second time in three years.',
    );
  });

  it('leaves a photo caption out of a summary ("FILE - In this ... file photo, ...")', () => {
    // A Giveme5W1H lead (the demo's Rihanna summary).
    const lead =
      "FILE - In this Sept. 30, 2016, file photo, Singer Rihanna poses for photographers as she arrives to Christian Dior's Spring-Summer 2017 ready-to-wear fashion collection presented in Paris. Rihanna is mourning the death of her cousin, who was shot in Barbados.";
    expect(summarise({ title: 'T', description: lead, body: null })).to.equal(
      'Rihanna is mourning the death of her cousin, who was shot in Barbados.',
    );
    expect(
      summarise({
        title: 'T',
        description:
          'FILE PHOTO: Traders work on the floor at the New York Stock Exchange. Stocks rose for a seventh session.',
        body: null,
      }),
    ).to.equal('Stocks rose for a seventh session.');
    expect(isPhotoCaption('In this May 18, 2017 file photo, actress Uma Thurman poses.')).to.equal(true);
    expect(isPhotoCaption('In this image-conscious industry, looks matter.')).to.equal(false);
    expect(isPhotoCaption('Filed photos show the damage.')).to.equal(false);
  });

  it('never ends a sentence on an initial ("Samuel L. Jackson")', () => {
    expect(
      summarise({ title: 'Video - Samuel L. Jackson Seen Carrying His Suit Outside', description: null, body: null }),
    ).to.equal('Video - Samuel L. Jackson Seen Carrying His Suit Outside');
    expect(summarise({ title: 'T', description: 'It ended at 5 p.m. Then it rained. More.', body: null })).to.equal(
      'It ended at 5 p.m. Then it rained.',
    );
    expect(
      chooseSummary(
        [
          {
            title: 'Mt. Gox bankruptcy investigation extended by Tokyo court till May 9',
            description: null,
            body: null,
          },
        ],
        'Mt Gox bankruptcy investigation',
      ),
    ).to.equal('Mt. Gox bankruptcy investigation extended by Tokyo court till May 9');
  });

  it('drops an opening wire tag from a headline it takes ("UPDATE 2-")', () => {
    expect(
      chooseSummary(
        [
          {
            title: 'UPDATE 2-FDA bans imports from Sun Pharma plant in India crackdown',
            description: null,
            body: null,
          },
        ],
        'Sun Pharma Gets FDA Import Ban on Gujarat Plant',
      ),
    ).to.equal('FDA bans imports from Sun Pharma plant in India crackdown');
  });

  it('never splits a decimal into two sentences', () => {
    expect(summarise({ title: "What's New in Apple iOS 7.1?", description: null, body: null })).to.equal(
      "What's New in Apple iOS 7.1?",
    );
    expect(
      summarise({
        title: "'Candy Crush' Maker King Seeks IPO Valuation Up to $7.6 Billion",
        description: null,
        body: null,
      }),
    ).to.equal("'Candy Crush' Maker King Seeks IPO Valuation Up to $7.6 Billion");
  });

  it('says something the topic does not: another member headline when the central one is the topic', () => {
    const members = [
      { title: 'Veronica Mars', description: null, body: null },
      { title: "With help from thousands, 'Veronica Mars' reborn", description: null, body: null },
      { title: 'Kristen Bell Rocks Dress With High Slit At Veronica Mars Premiere', description: null, body: null },
    ];
    expect(chooseSummary(members, 'Veronica Mars')).to.equal("With help from thousands, 'Veronica Mars' reborn");
  });

  it('takes a member headline set in capitals as the summary only when no other says as much', () => {
    // The demo's Rick Ross trend (UCI March 2014): its summary was the shouting headline.
    const topic = "Rick Ross' Mastermind Debuts at No. 1 on Billboard 200";
    const shouting = { title: 'RICK ROSS SCORES 5TH #1 ALBUM AS MASTERMIND DEBUTS #1', description: null, body: null };
    const quiet = {
      title: 'Rick Ross lands fifth straight chart-topping album with Mastermind',
      description: null,
      body: null,
    };
    expect(chooseSummary([shouting, quiet], topic)).to.equal(quiet.title);
    expect(chooseSummary([shouting], topic)).to.equal(shouting.title);
  });

  it('reads review headlines last for the summary when most of the trend is no review', () => {
    // The demo's Veronica Mars trend (216 reports): topic "'Veronica Mars' a solid cinematic turn", summary a review.
    const members = [
      { title: "Film review: 'Veronica Mars' fans, rejoice!", description: null, body: null },
      { title: "With help from thousands on Kickstarter, 'Veronica Mars' reborn", description: null, body: null },
      { title: "Kristen Bell walks the 'Veronica Mars' premiere carpet", description: null, body: null },
    ];
    expect(chooseSummary(members, "'Veronica Mars' opens in theaters")).to.equal(
      "With help from thousands on Kickstarter, 'Veronica Mars' reborn",
    );
    // A trend of reviews keeps a review as its summary.
    const reviews = [
      { title: "Film review: 'Veronica Mars' fans, rejoice!", description: null, body: null },
      { title: "Review: 'Veronica Mars' is a love letter to its backers", description: null, body: null },
    ];
    expect(chooseSummary(reviews, "'Veronica Mars' reviews")).to.equal("Film review: 'Veronica Mars' fans, rejoice!");
  });

  it('gives the most central text when it adds to the topic, and the topic only when nothing else is there', () => {
    const members = [
      { title: 'Lena Dunham - Lena Dunham may quit acting', description: null, body: null },
      { title: 'Lena Dunham Says She May Quit Acting', description: null, body: null },
    ];
    expect(chooseSummary(members, 'Lena Dunham')).to.equal('Lena Dunham may quit acting');
    expect(chooseSummary([{ title: 'Lena Dunham', description: null, body: null }], 'Lena Dunham')).to.equal(
      'Lena Dunham',
    );
  });

  it('takes no headline of another story that joined the trend, nor a lead sentence of page boilerplate', () => {
    // The demo's "Sbarro again files for Ch. 11 reorganization" trend held an AP page's eBay headline.
    const topic = 'Sbarro again files for Ch. 11 reorganization';
    const h = (title: string): SummaryMember => ({ title, description: null, body: null });
    const members = [
      h(topic),
      h('EBay rejects Icahn slate of directors'),
      h(topic),
      h('Sbarro again files for Chapter 11 reorganization'),
    ];
    expect(chooseSummary(members, topic)).to.not.equal('EBay rejects Icahn slate of directors');
    expect(
      chooseSummary([...members, h('Sbarro files for bankruptcy reorganization for second time in 3 years')], topic),
    ).to.equal('Sbarro files for bankruptcy reorganization for second time in 3 years');
    // A page whose extracted lead opens with the site's boilerplate: the next sentence of the story.
    const morsi = 'Egypt’s Morsi sentenced to 3 years in jail for insulting judiciary';
    const page: SummaryMember = {
      title: morsi,
      description: null,
      body: 'Top Stories from around the globe brought to you by dpa International. Cairo (dpa) - A court sentenced former Egyptian president Mohammed Morsi to three years in prison on Saturday.',
    };
    expect(chooseSummary([page], morsi)).to.equal(
      'Cairo (dpa) - A court sentenced former Egyptian president Mohammed Morsi to three years in prison on Saturday.',
    );
  });

  it('never repeats the topic: a one-headline trend tells how it was reported', () => {
    const topic = 'German court upholds eurozone rescue fund';
    const at = (h: number, publisher: string): SummaryMember => ({
      title: h === 1 ? `${topic} - ${publisher}` : topic,
      description: null,
      body: null,
      publisher,
      time: Date.parse('2014-03-18T08:00:00Z') + h * 3_600_000,
    });
    const members = [at(0, 'Reuters'), at(1, 'BBC News'), at(5, 'Reuters'), at(7, 'Deutsche Welle')];
    expect(chooseSummary(members, topic)).to.equal(
      '4 reports by 3 publishers (Reuters, BBC News and Deutsche Welle) over 7 hours.',
    );
    const many = ['A', 'B', 'C', 'D', 'E'].map((p, i) => at(i * 20, p));
    expect(chooseSummary(many, topic)).to.equal('5 reports by 5 publishers (A, B, C and 2 more) over 3 days.');
    expect(chooseSummary([at(0, 'Reuters'), at(0, 'Reuters')], topic)).to.equal('2 reports by Reuters within an hour.');
    // Nothing but a headline its outlet cut off beside the topic: how it was reported, not the cut text.
    const cut = {
      ...at(3, 'Mirror'),
      title: 'Lottery millionaire Chris Weir pledges £750k as she becomes ambassador for ...',
    };
    expect(chooseSummary([at(0, 'Reuters'), cut], topic)).to.equal(
      '2 reports by 2 publishers (Mirror and Reuters) over 3 hours.',
    );
  });

  it('never repeats the topic: the most central headline that adds to it, however far out', () => {
    const topic = 'Official: Gunmen kill Afghan judge and bodyguard';
    const same = Array.from({ length: 12 }, () => ({ title: topic, description: null, body: null }));
    const other = { title: 'Gunmen shoot dead Afghan judge in Kabul ambush', description: null, body: null };
    expect(chooseSummary([...same, other], topic)).to.equal('Gunmen shoot dead Afghan judge in Kabul ambush');
    // Another spelling of the topic, or the topic with nothing added, is no summary.
    const respelled = { title: 'OFFICIAL - gunmen kill Afghan judge, bodyguard', description: null, body: null };
    expect(chooseSummary([respelled, ...same, other], topic)).to.equal(
      'Gunmen shoot dead Afghan judge in Kabul ambush',
    );
  });

  it('takes the next sentence of a lead whose first says the topic, and a lead without the topic glued to it', () => {
    const topic = 'Erie smashes snowfall record with flakes still falling';
    expect(
      chooseSummary(
        [
          {
            title: topic,
            description: `${topic} Snow continues to fall in Erie, Pennsylvania, where a record has been set.`,
            body: null,
          },
        ],
        topic,
      ),
    ).to.equal('Snow continues to fall in Erie, Pennsylvania, where a record has been set.');
    expect(
      chooseSummary(
        [{ title: topic, description: `${topic}. Snow keeps falling on the Pennsylvania city.`, body: null }],
        topic,
      ),
    ).to.equal('Snow keeps falling on the Pennsylvania city.');
  });

  it('takes a headline its outlet cut off ("...") only when no other says something', () => {
    const cut = "Stacy Keibler Marries Jared Pobre And She's Not The Only ...";
    const members = [
      { title: cut, description: null, body: null },
      { title: 'Stacy Keibler marries Jared Pobre in a secret Mexico wedding', description: null, body: null },
    ];
    expect(chooseSummary(members, 'Stacy Keibler')).to.equal(
      'Stacy Keibler marries Jared Pobre in a secret Mexico wedding',
    );
    expect(
      chooseSummary([{ title: 'Keibler weds…', description: null, body: null }, members[0]!], 'Stacy Keibler'),
    ).to.equal(cut);
  });

  it('takes the body when the description was cut off, and parts sentences glued together', () => {
    const body =
      'The tech industry has a clear history of sexism. A recent Newsweek report highlights another problem.';
    expect(
      summarise({
        title: 'Silicon Valley',
        description: 'The tech industry has a clear history of sexism, but a recent report got a slew o...',
        body,
      }),
    ).to.equal(body);
    expect(
      summarise({
        title: 'Rose Parade',
        description: `Floral floats rolled under sunny skies as the Rose Parade drew thousands.The 129th annual parade got started Monday in Pasadena with an announcement by the grand marshal, actor Gary Sinise, and a military flyover. ${'More. '.repeat(40)}`,
        body: null,
      }),
    ).to.equal(
      'Floral floats rolled under sunny skies as the Rose Parade drew thousands. The 129th annual parade got started Monday in Pasadena with an announcement by the grand marshal, actor Gary Sinise, and a military flyover.',
    );
  });

  it('leaves out a sentence cut off inside the text when another is there', () => {
    expect(
      summarise({
        title: 'Amazon and Microsoft employees caught up in sex trafficking sting',
        description:
          'A Newsweek report highlights another problem. The publication got its hands on a slew o...\nSome of the emails were collected during a 2015 sting operation.',
        body: null,
      }),
    ).to.equal(
      'A Newsweek report highlights another problem. Some of the emails were collected during a 2015 sting operation.',
    );
  });

  it('keeps the complete part of a headline cut off after a clause mark', () => {
    const members = [
      { title: 'FDA Proposes Overhaul of Nutrition Facts Labeling - Food and Drug ...', description: null, body: null },
    ];
    expect(chooseSummary(members, 'Nutrition labels')).to.equal('FDA Proposes Overhaul of Nutrition Facts Labeling');
  });
});
