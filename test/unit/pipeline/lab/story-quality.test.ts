import { expect } from 'chai';
import { textArtifacts } from '@trendscope/pipeline/lab/metrics/story-quality';

describe('text artifacts a reader sees (story quality)', () => {
  it('flags a topic or summary its outlet cut off with an ellipsis', () => {
    expect(
      textArtifacts("George Clooney's Ex Stacy Keibler Marries Jared Pobre: She's Not The Only ..."),
    ).to.deep.equal(['ends in an ellipsis']);
    expect(textArtifacts('Keibler weds…')).to.deep.equal(['ends in an ellipsis']);
    expect(textArtifacts('Keibler weds. . .”')).to.deep.equal(['ends in an ellipsis']);
  });

  it('passes complete texts, an ellipsis inside one among them', () => {
    expect(textArtifacts('Stacy Keibler marries Jared Pobre')).to.deep.equal([]);
    expect(textArtifacts('Wait... Keibler is married?')).to.deep.equal([]);
  });

  it('flags the artifacts it already knew', () => {
    expect(textArtifacts('King seeks IPO valuation up to $7. 6 Billion')).to.deep.equal(['split decimal']);
    expect(textArtifacts('Keith Richards writes children`s book')).to.deep.equal(['backtick apostrophe']);
  });
});
