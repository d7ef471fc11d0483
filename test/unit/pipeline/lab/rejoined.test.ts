import { expect } from 'chai';
import type { DetectArticle } from '@trendscope/pipeline/detect/cluster';
import {
  DEFAULT_REJOIN_OPTIONS as DEFAULT,
  storyViews,
  type RejoinJoin,
} from '@trendscope/pipeline/detect/rejoin-stories';
import { joinLine } from '@trendscope/pipeline/lab/evaluate/trends/rejoined';

const idf = (): number => 1;

/** Members in report order: the first `off` tell another story than the rest. */
function members(id: string, off: string[], on: string[]): DetectArticle[] {
  return [...off, ...on].map((title, i) => ({ id: `${id}-${i}`, title, text: '', time: i * 60_000, entities: [] }));
}

describe('joinLine (PRINT_JOINS)', () => {
  const join: RejoinJoin = { trends: ['a', 'b'], articles: [6, 5], meaning: 0.6812, test: 'company event' };

  it("prints each side's central headlines, the ones the rejoin compared, not its first members", () => {
    const ipo = (s: string): string => `King Digital IPO prices at 22 dollars a share${s}`;
    const trends = new Map([
      [
        'a',
        members('a', ['ZeptoLab fights King over candy trademark'], [ipo(''), ipo(''), ipo(' today'), ipo(' in NYSE')]),
      ],
      ['b', members('b', [], ['King IPO shares fall on first day', 'King IPO shares fall after debut'])],
    ]);
    const central = new Map(
      storyViews(trends, idf, { ...DEFAULT, rejoinMinArticles: 2 }).map((v) => [v.id, v.central]),
    );
    const line = joinLine(join, central);
    expect(line).to.match(/^join company event 0\.681 6\/5 {2}King Digital IPO/);
    expect(line).to.include('  ||  King IPO shares fall');
    expect(line, 'the first member, off the centre').not.to.include('ZeptoLab');
  });

  it('prints a side with no view as empty', () => {
    expect(joinLine(join, new Map([['a', ['One headline']]]))).to.equal(
      'join company event 0.681 6/5  One headline  ||  ',
    );
  });
});
