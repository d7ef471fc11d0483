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
});
