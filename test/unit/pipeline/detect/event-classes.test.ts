import { expect } from 'chai';
import { eventClassCounts, eventKindMatch, headlineEvents } from '@trendscope/pipeline/detect/event-classes';

describe('event classes of headlines (event-classes.ts)', () => {
  it('counts the kinds of event a trend’s headlines report', () => {
    const counts = eventClassCounts(['County health rankings released', 'New report ranks county health']);
    expect(counts.get('report')).to.equal(2);
    expect(headlineEvents('Dancing with the Stars: Season 18 premiere').classes.has('episode')).to.equal(true);
  });

  it('matches two trends reporting the same kind of event, and not two of different kinds', () => {
    const study = ["Researchers question Tamiflu's effectiveness", 'Study questions Tamiflu'];
    expect(eventKindMatch(study, ['Millions wasted on Tamiflu, research'])).to.be.greaterThan(0.99);
    expect(eventKindMatch(["'Bachelor' finale: Juan Pablo decides"], ['Juan Pablo and Nikki split already'])).to.equal(
      0,
    );
    expect(eventKindMatch(study, ['Tamiflu maker says nothing'])).to.equal(0);
  });

  it("reads a central bank's forward guidance as no earnings, and a company's guidance as earnings", () => {
    const earnings = (h: string): boolean => headlineEvents(h).classes.has('earnings');
    // UCI headlines: the bank named, "guidance" the only earnings word.
    expect(earnings('Fed clarifies guidance on short-term rates')).to.equal(false);
    expect(earnings("BOE's Carney defends forward guidance to lawmakers")).to.equal(false);
    expect(earnings('Yellen Job One Is Redoing Rate Guidance Without Roiling Markets')).to.equal(false);
    // Look-alikes left alone: a company's guidance, alone or with another earnings word.
    expect(earnings('easyJet lifts first-half guidance')).to.equal(true);
    expect(earnings('Samsung guidance in line with expectations')).to.equal(true);
    expect(earnings('Oracle Co. (ORCL) Issues Q4 Earnings Guidance')).to.equal(true);
    // Another earnings phrase beside a central bank still reads earnings.
    expect(earnings('Bank profits fall as Fed holds rates; guidance cut')).to.equal(true);
  });

  it('shares no event between two trading days or two data releases, whatever the statistic', () => {
    // Every day's market report and every release share the kind by their nature.
    const monday = ['Stocks fall on weak China export data'];
    const tuesday = ['Stocks rise as investors shrug off Ukraine, earnings'];
    expect(eventKindMatch(monday, tuesday)).to.equal(0);
    const states = ['Unemployment rates drop in 43 US states in January'];
    const uk = ['UK jobless falls but unemployment rate steady at 7.2%'];
    expect(eventKindMatch(states, uk)).to.equal(0);
    // A release beside another kind both report still matches on that kind.
    const withStudy = ['Study: unemployment rate falls to 6.7 percent'];
    expect(eventKindMatch(withStudy, ['Report finds unemployment rate down to 6.7 percent'])).to.be.greaterThan(0.8);
  });

  it("tells a series' next season from its finale, and keeps one season's events together", () => {
    // apr-0: the event test joined these at meaning 0.716; read two stories (next-day-pairs.tsv).
    // The two trends' central headlines: the finale's recaps glance at season 5's spoilers.
    const finale = [
      'The Walking Dead season 4 finale \'A\' recap: "Who are we?"',
      "'The Walking Dead' Season 4 Finale and Season 5 Spoilers: 'We Will See ...",
      'The Walking Dead Season 4 Finale breaks records',
    ];
    const next = [
      'Walking Dead season 5 poster is out',
      'The Walking Dead first season 5 poster',
      'The Walking Dead: 5 things we want from season 5',
    ];
    expect(eventKindMatch(finale, next)).to.equal(0);
    // One season's preview and its premiere (mar2-0, read one story), and a finale named without
    // its number beside one that names it: the same event.
    const preview = ['Dancing With The Stars Season 18: What To Expect'];
    const premiere = [
      "'Dancing with the Stars': Season 18 Premiere",
      'Dancing with the Stars season eighteen premieres',
    ];
    expect(eventKindMatch(preview, premiere)).to.be.greaterThan(0.8);
    expect(eventKindMatch(['The Walking Dead season finale'], finale)).to.be.greaterThan(0.8);
  });

  it('reads an eclipse, a meteor shower or a blood moon as a sky event, and a planet’s or the Moon’s name alone as none', () => {
    const sky = (h: string): boolean => headlineEvents(h).classes.has('nature');
    expect(sky('Total lunar eclipse to turn moon red')).to.equal(true);
    expect(sky("Watch the 'Blood Moon' Lunar Eclipse in 9 Seconds Flat")).to.equal(true);
    expect(sky('Orange-red moon makes debut in sky')).to.equal(true);
    expect(sky('Supermoon rises tonight')).to.equal(true);
    expect(sky('Lyrid meteor shower peaks before dawn')).to.equal(true);
    // A planet's opposition or alignment is one (UCI April 10-20k, two trends of one story).
    expect(sky('Mars, Earth, Sun Alignment Tonight')).to.equal(true);
    expect(sky('Awesome alignment: Mars, Earth, sun to line up Tuesday')).to.equal(true);
    expect(sky('Mars Opposition April 14, 2014: Mars to be visible')).to.equal(true);
    expect(sky('NASA tests out flying saucer for future Mars missions')).to.equal(false);
    expect(sky('Weird Mars Lights Not Aliens, NASA Says')).to.equal(false);
    expect(sky("Sam Rockwell's 'Moon' director takes on Warcraft")).to.equal(false);
    expect(sky('Mars candy maker to cut sugar')).to.equal(false);
    // Two stories that only name Mars report no event in common; two reports of the eclipse do.
    const saucer = ['NASA tests out flying saucer for future Mars missions', 'NASA saucer to land on Mars'];
    const lights = ['Weird Mars Lights Not Aliens, NASA Says', 'Mars rover photographs mysterious light'];
    expect(eventKindMatch(saucer, lights)).to.equal(0);
    const align = ['Mars, Earth, Sun Alignment Tonight', 'Rare Sight: Mars, Earth and Sun will align'];
    expect(eventKindMatch(align, ['Rare sight: Mars, Earth and Sun will align today'])).to.be.greaterThan(0.99);
    const eclipse = ["'Blood Moon' Lunar Eclipse", 'Total lunar eclipse to turn moon red'];
    expect(eventKindMatch(eclipse, ['Lunar eclipse tonight: how to watch the blood moon'])).to.be.greaterThan(0.99);
  });
});
