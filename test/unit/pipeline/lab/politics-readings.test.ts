import { expect } from 'chai';
import {
  CATEGORY_READINGS_FILE,
  loadCategoryReadings,
  POLITICS_READINGS_FILE,
} from '@trendscope/pipeline/lab/metrics/category-readings';
import { uciStoryRelabels } from '@trendscope/pipeline/lab/train/classifier/training-samples';
import type { UciRow } from '@trendscope/pipeline/lab/corpus/uci.corpus';

/** A UCI row of `story` with `title`, filed under `category`. */
function row(id: number, story: string, title: string, category: UciRow['category']): UciRow {
  return {
    id,
    title,
    url: `https://example.com/${id}`,
    publisher: 'x',
    category,
    story,
    hostname: 'example.com',
    timestamp: 0,
  };
}

describe('UCI stories and Giveme5W1H events read as politics', () => {
  const politics = loadCategoryReadings(POLITICS_READINGS_FILE);

  it('reads politics for each story or event of its file, none of them also in the readings file', () => {
    expect(politics.size).to.equal(14);
    for (const [group, category] of politics) {
      expect(group).to.match(/^(?:uci:d[\w-]+|giveme:\d+)$/);
      expect(category).to.equal('politics');
    }
    const other = loadCategoryReadings(CATEGORY_READINGS_FILE);
    expect([...politics.keys()].filter((g) => other.has(g))).to.deep.equal([]);
  });

  it('relabels only the stories read, ahead of the car and fuel-price rule, when asked', () => {
    const sebelius = 'dJ_k5DjBr5MzK0MHf5sNCVPmDHMNM';
    const icann = 'derANAqxaY-m4gMRO4cCY_rHdHKXM';
    const rows = [
      row(1, sebelius, 'HHS Secretary Sebelius Resigns; Obama Nominates Burwell', 'm'),
      // A story read as politics whose headlines would also meet the car and fuel-price rule.
      row(2, icann, 'Senators press GM and Ford over ICANN', 't'),
      // Look-alikes, not read: lawmakers on a company, a Senate report on a breach.
      row(3, 'unread-gilead', 'Lawmakers question price of Gilead hepatitis drug', 'm'),
      row(4, 'unread-target', 'Target missed warning signs, Senate report says', 'b'),
    ];
    expect([...uciStoryRelabels(rows, { uciEconomyStoryShare: 0.5 })]).to.deep.equal([[icann, 'business']]);
    const read = uciStoryRelabels(rows, { uciEconomyStoryShare: 0.5, politicsReadings: true });
    expect(Object.fromEntries(read)).to.deep.equal({ [icann]: 'politics', [sebelius]: 'politics' });
  });
});
