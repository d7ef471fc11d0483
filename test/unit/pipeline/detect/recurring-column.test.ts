import { isDatedLabel, recurringColumnIds, titleTemplate } from '@trendscope/pipeline/detect/recurring-column';
import { expect } from 'chai';

const DAY = 86_400_000;
const T0 = Date.parse('2014-03-10T09:00:00Z');

describe('recurring columns', () => {
  it('gives the editions of a dated column one template (numbers and calendar words out)', () => {
    expect(titleTemplate('Health Highlights: March 12, 2014')).to.equal(titleTemplate('Health Highlights: Mar 17'));
    expect(titleTemplate('Stocks To Watch For Thursday')).to.equal(titleTemplate('Stocks to watch for Monday 3/24'));
    expect(titleTemplate('March 11, 2014, 2:02 am')).to.equal('');
  });

  it('marks a template one publisher used on three distinct days, not on two', () => {
    const edition = (id: string, day: number, domain = 'keloland.com') => ({
      id,
      title: `${['Monday', 'Tuesday', 'Wednesday'][day]} Afternoon Business Brief`,
      domain,
      time: T0 + day * DAY,
    });
    expect([...recurringColumnIds([edition('a', 0), edition('b', 1)])]).to.deep.equal([]);
    expect([...recurringColumnIds([edition('a', 0), edition('b', 1), edition('c', 1)])]).to.deep.equal([]);
    expect([...recurringColumnIds([edition('a', 0), edition('b', 1), edition('c', 2)])].sort()).to.deep.equal([
      'a',
      'b',
      'c',
    ]);
  });

  it('does not count one story reported by several publishers on several days', () => {
    const story = ['cnn.com', 'bbc.co.uk', 'reuters.com'].map((domain, i) => ({
      id: `s${i}`,
      title: 'Justice Department probing GM recall',
      domain,
      time: T0 + i * DAY,
    }));
    expect(recurringColumnIds(story).size).to.equal(0);
  });

  it('marks a dated label from one edition: a fixed label of at most two terms and a calendar date', () => {
    for (const t of ['Health Matters 03/12/14', 'News Scan for Mar 28, 2014', 'Police Blotter: March 26, 2014']) {
      expect(isDatedLabel(t), t).to.be.true;
    }
    for (const t of [
      'Health Matters: myths and truths about hookah smoking',
      'Twitter Music shutting down April 18',
      'Britain Mars 3',
      'Stocks slip on Monday',
    ]) {
      expect(isDatedLabel(t), t).to.be.false;
    }
    expect([
      ...recurringColumnIds([{ id: 'x', title: 'Health Matters 03/12/14', domain: 'a.com', time: T0 }]),
    ]).to.deep.equal(['x']);
  });

  it('reads a dated sentence about an event as news, not a dated label', () => {
    // UCI: each had two content terms and a date, and was left out of detection as a column's edition.
    for (const t of [
      "It's March 11th and TitanFall is finally here",
      'Tax Day is Tuesday, April 15',
      'Windows XP is on its own after April 8',
      'OnePlus One = 23 (will be revealed on April 23rd)',
    ]) {
      expect(isDatedLabel(t), t).to.be.false;
    }
    // A column named by a clause before its separator, and labels with no verb, stay labels.
    for (const t of [
      'Where the Money Is: March 25',
      'Health Highlights: March 27, 2014',
      'Stocks To Watch For March 27, 2014',
    ]) {
      expect(isDatedLabel(t), t).to.be.true;
    }
  });

  it('drops "mar" and "may" from a template only where the title writes the month, not "Mars"', () => {
    expect(isDatedLabel('Mars gets closest to Earth April 14')).to.be.false;
    expect(titleTemplate('Mars gets closest to Earth April 14')).to.equal('mar closest earth');
    expect(isDatedLabel('Closest to Earth: Mar 14, 2014')).to.be.true;
    expect(titleTemplate('Stocks to watch May 2')).to.equal(titleTemplate('Stocks to watch March 2'));
  });
});
