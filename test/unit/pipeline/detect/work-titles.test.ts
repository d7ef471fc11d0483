import { expect } from 'chai';
import { eventKinds } from '@trendscope/pipeline/detect/event-kinds';
import { nameRuns, quotedTitles, storyTitleSpans } from '@trendscope/pipeline/detect/work-titles';

describe('work titles', () => {
  // A text read as impact-features.ts reads it: as a story's text beside the story's other headlines.
  const kinds = (text: string, others: string[] = []): string[] =>
    Object.keys(eventKinds(text, storyTitleSpans([text], others)[0]));
  const quoting = "New 'Avengers: Infinity War' trailer teases so many superheroes in one movie";

  it('reads a quoted title-cased phrase of a sentence-case text as a title, not a quoted remark', () => {
    const t = "New 'Avengers: Infinity War' trailer teases so many superheroes in one movie";
    expect(quotedTitles(t).map((q) => q.title)).to.deep.equal(['Avengers: Infinity War']);
    expect(quotedTitles('New trailer: ‘Avengers: Infinity War’ arrives online')).to.have.length(1);
    expect(quotedTitles("Men with prostate cancer 'given false hope' by tests")).to.deep.equal([]);
    // An apostrophe is no quote; a title-case headline's capitals tell nothing.
    expect(quotedTitles("Obama's war plan 'Will Not Work' says senator's aide")).to.have.length(1);
    expect(quotedTitles("Putin Says 'War Is Not An Option' In Crimea")).to.deep.equal([]);
    // A named day is an occasion, not a work.
    expect(quotedTitles("Ben & Jerry's giving away ice cream on 'Free Cone Day'")).to.deep.equal([]);
  });

  it("does not count a title's signal words as the event: only as entertainment", () => {
    const t = "New 'Avengers: Infinity War' trailer teases so many superheroes in one movie";
    expect(Object.keys(eventKinds(t))).to.include('geopolitics');
    expect(kinds(t)).to.not.include('geopolitics');
    expect(kinds(t)).to.include('entertainment');
    expect(kinds("'War Horse' actor Toby Kebbell for Doctor Doom role")).to.not.include('geopolitics');
    expect(kinds("Astronomers find 'Death Stars' in Orion blast planets")).to.not.include('accident_crime');
  });

  it('reads a title another text of the story quotes where this one leaves it bare', () => {
    const t = 'Avengers: Infinity War Super Bowl trailer';
    expect(kinds(t)).to.include('geopolitics');
    expect(kinds(t, [quoting])).to.not.include('geopolitics');
    // Only the title's own words: a war named outside it still counts.
    expect(kinds('Avengers: Infinity War trailer out as war in Ukraine goes on', [quoting])).to.include('geopolitics');
  });

  it("reads each of a story's texts with the titles the others quote", () => {
    const texts = ['Avengers: Infinity War Super Bowl trailer', 'Disney shows a trailer during the game'];
    expect(storyTitleSpans(texts, [quoting])).to.deep.equal([[[0, 22]], []]);
    // Without a text quoting it, the bare title is not read as one.
    expect(storyTitleSpans(texts)).to.deep.equal([[], []]);
  });

  it('reads a name phrase as a title when the text tells of a work outside it', () => {
    expect(nameRuns('War Horse actor Toby Kebbell joins the cast')).to.deep.equal([
      [0, 9],
      [16, 28],
    ]);
    expect(kinds('War Horse actor Toby Kebbell to play the villain')).to.not.include('geopolitics');
    expect(kinds('Jude Law gained weight for his new movie')).to.not.include('policy');
    expect(kinds('The Walking Dead signs off with record ratings as finale airs')).to.not.include('accident_crime');
  });

  it('keeps a name that is the signal itself, and every name of a text about no work', () => {
    expect(kinds("Missed the 'Obamacare' deadline? More time to get Medicaid")).to.include('policy');
    expect(kinds('South Korea seizes ship suspected of sending oil to North Korea')).to.include('geopolitics');
    expect(kinds('Toyota may sign deal to end Fed Acceleration Probe')).to.include('enforcement');
    // A newspaper's name beside no work word is no title, and a shouted word is no name.
    expect(kinds('True Detective finale CRASHES HBO GO due to demand')).to.include('accident_crime');
    expect(kinds('Review: shallow but catchy musical opens off-Broadway')).to.include('consumer_tips');
  });
});
