import { expect } from 'chai';
import { headlineEvents } from '@trendscope/pipeline/detect/event-classes';
import { eventPairMeasures, eventReading } from '@trendscope/pipeline/lab/evaluate/trends/event-reading';

/** Every word equally rare: the subject is the phrase most headlines hold. */
const idf = (): number => 5;

describe('lab event reading of a trend (event-reading.ts)', () => {
  it('reads the class and the word of the event a headline reports', () => {
    expect([...headlineEvents('The Walking Dead season 5 poster is out').classes]).to.include.members([
      'episode',
      'promo',
    ]);
    expect([...headlineEvents('Singer gives deposition in neighbour lawsuit').events]).to.include.members([
      'deposition',
      'lawsuit',
    ]);
  });

  it('names a data release by its statistic, so two releases are two events', () => {
    const gdp = headlineEvents('US economic growth for Q4 revised up to 2.6%');
    const spending = headlineEvents('US consumer spending up 0.3 percent in February');
    expect(gdp.classes.has('data_release')).to.equal(true);
    expect(spending.classes.has('data_release')).to.equal(true);
    expect([...gdp.events].filter((w) => w.startsWith('release'))).to.not.deep.equal(
      [...spending.events].filter((w) => w.startsWith('release')),
    );
  });

  it('reads no event in a verb of saying or in a launch the context refuses', () => {
    // "says" and "talks" report any event; a county's campaign is no product launch (event-kinds.ts).
    expect([...headlineEvents('Mayor says he talks to residents').classes]).to.deep.equal([]);
    expect(headlineEvents('County launches campaign against litter').classes.has('launch')).to.equal(false);
  });

  it('counts a trend\u2019s classes and event words over its headlines, with its subject', () => {
    const r = eventReading(
      ['Gallup poll: uninsured rate lowest since 2008', 'Uninsured rate falls, Gallup survey finds'],
      idf,
    );
    expect(r.classes.get('report')).to.equal(2);
    expect(r.events.get('poll')).to.equal(1);
    expect(r.subject.length).to.be.greaterThan(0);
  });

  it('reads one event re-told the next day as the same kind, and a subject\u2019s next event as new', () => {
    const report = ['Report: colon cancer rates down 30 percent', 'Colon cancer rates fall, report finds'];
    const sameReport = ['Colon cancer report credits screening for drop', 'New report: colon cancer rates falling'];
    const finale = ["'Bachelor' finale: Juan Pablo makes his decision", 'Bachelor finale: who will Juan Pablo pick?'];
    const breakup = ['Juan Pablo and Nikki split already', "Bachelor couple's engagement off: they split"];
    const one = eventPairMeasures(report, sameReport, idf);
    const two = eventPairMeasures(finale, breakup, idf);
    expect(one.kindMatch).to.be.greaterThan(0.9);
    expect(one.newKind).to.equal(0);
    expect(two.kindMatch).to.equal(0);
    expect(two.newKind).to.equal(1);
  });

  it('reads the later headline naming the earlier event as past', () => {
    const decision = ['BOJ keeps policy on hold', 'BOJ holds policy steady'];
    const after = ['Yen gains after BOJ holds policy', 'Asian shares mixed'];
    const unrelated = ['Yen gains as exporters sell dollars', 'Asian shares mixed'];
    expect(eventPairMeasures(decision, after, idf).pastRef).to.equal(0.5);
    expect(eventPairMeasures(decision, unrelated, idf).pastRef).to.equal(0);
  });
});
