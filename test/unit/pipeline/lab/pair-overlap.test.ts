import { expect } from 'chai';
import { pairOverlap, RARE_IDF } from '@trendscope/pipeline/lab/metrics/pair-overlap';

const rare = new Set(['migraine', 'headband', 'cefaly']);
const idf = (term: string): number => (rare.has(term) ? RARE_IDF + 1 : RARE_IDF - 2);
const m = (title: string, text = ''): { title: string; text: string } => ({ title, text });

describe('pairOverlap', () => {
  it('counts the key phrases and rare words both sides carry, and no family when no report is a copy', () => {
    const a = [m('FDA approves electric headband to prevent migraine'), m('Electric headband for migraine approved')];
    const b = [m('First device to prevent migraine wins approval'), m('Migraine device approved by regulators')];
    const o = pairOverlap(a, b, idf);
    // "migraine" is carried by every headline of both sides; "headband" by one side only.
    expect(o.rare).to.be.closeTo(0.5, 1e-9);
    expect(o.phrases).to.be.above(0).and.below(1);
    expect(o.family).to.equal(0);
  });

  it('counts members in one near-duplicate family across the pair', () => {
    const copy = 'Cefaly headband device to prevent migraines gets FDA nod after trial';
    const o = pairOverlap(
      [m(copy, 'The device is worn for 20 minutes a day.'), m('Other report on cefaly')],
      [m(copy, 'The device is worn for 20 minutes a day.')],
      idf,
    );
    expect(o.family).to.be.closeTo(2 / 3, 1e-9);
  });

  it('shares nothing between two unrelated stories', () => {
    const o = pairOverlap(
      [m('Storm floods coastal towns'), m('Storm floods towns')],
      [m('Chipmaker deal approved'), m('Chipmaker deal cleared')],
      idf,
    );
    expect(o).to.deep.equal({ phrases: 0, rare: 0, family: 0 });
  });
});
