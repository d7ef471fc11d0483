import { expect } from 'chai';
import {
  drawn,
  foundingOrder,
  otherHeadlines,
  readingAgreement,
  sheetItemText,
  storiesLeadingTwo,
  type SheetSide,
} from '@trendscope/pipeline/lab/metrics/second-reading';
import { cohenKappa } from '@trendscope/pipeline/lab/metrics/rater-agreement';

const H = 3_600_000;
const side = (first: number, last: number, central: string[], others: string[] = []): SheetSide => ({
  first_seen: first * H,
  last_seen: last * H,
  central,
  others,
});

describe('second reading', () => {
  it('shows other headlines distinct, not central, in time order, spread from the first to the latest', () => {
    const members = Array.from({ length: 10 }, (_, i) => ({ title: `h${9 - i}`, time: 9 - i }));
    members.push({ title: 'h3', time: 20 }, { title: 'central', time: 5 });
    expect(otherHeadlines(members, ['central'], 20)).to.deep.equal([
      'h0',
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'h7',
      'h8',
      'h9',
    ]);
    expect(otherHeadlines(members, ['central'], 4)).to.deep.equal(['h0', 'h3', 'h6', 'h9']);
  });

  it('draws without replacement, the same for the same seed', () => {
    const seeded = (): (() => number) => {
      let s = 0;
      return () => (s = (s * 7 + 3) % 11) / 11;
    };
    const random = seeded();
    const rows = [1, 2, 3, 4, 5, 6];
    const d = drawn(rows, 4, random);
    expect(drawn(rows, 4, seeded())).to.deep.equal(d);
    expect(new Set(d).size).to.equal(4);
    expect(d.every((x) => rows.includes(x))).to.equal(true);
    expect(drawn(rows, 10, random).sort()).to.deep.equal(rows);
  });

  it('orders the sides by founding and shows the gap, and no more than the headlines', () => {
    const later = side(30, 40, ['later news']);
    const earlier = side(0, 10, ['earlier news'], ['more']);
    expect(foundingOrder(later, earlier).gapHours).to.equal(20);
    const text = sheetItemText('item-07', later, earlier);
    expect(text).to.match(/^## item-07\n {2}20\.0 h from/);
    expect(text.indexOf('earlier news')).to.be.lessThan(text.indexOf('later news'));
    expect(sheetItemText('x', side(0, 10, ['a']), side(4, 5, ['b']))).to.include('overlap');
  });

  it('joins the second reading with the key: table, kappa over settled items, disagreements', () => {
    const key = [
      { item: 'i1', source: 'leading two', first: 'one story' as const },
      { item: 'i2', source: 'leading two', first: 'one story' as const },
      { item: 'i3', source: 'control', first: 'two stories' as const },
      { item: 'i4', source: 'control', first: 'two stories' as const },
      { item: 'i5', source: 'leading two', first: 'one story' as const },
    ];
    const a = readingAgreement(key, [
      { item: 'i1', verdict: 'one story' },
      { item: 'i2', verdict: 'two stories' },
      { item: 'i3', verdict: 'two stories' },
      { item: 'i4', verdict: 'two stories' },
      { item: 'i5', verdict: 'unsettled' },
    ]);
    expect(a.counts['one story']).to.deep.equal({ 'one story': 1, 'two stories': 1, unsettled: 1 });
    expect(a.counts['two stories']).to.deep.equal({ 'one story': 0, 'two stories': 2, unsettled: 0 });
    expect([a.settled, a.agreed]).to.deep.equal([4, 3]);
    expect(a.kappa).to.be.closeTo(0.5, 1e-9);
    expect(a.disagreements.map((d) => d.item)).to.deep.equal(['i2', 'i5']);
    expect(a.bySource.get('leading two')).to.deep.equal({ 'one story': 1, 'two stories': 1, unsettled: 1 });
    expect(() => readingAgreement(key, [{ item: 'i1', verdict: 'one story' }])).to.throw(/no second reading/);
    expect(() => readingAgreement(key.slice(0, 1), [{ item: 'i9', verdict: 'one story' }])).to.throw(/not in the key/);
  });

  it("Cohen's kappa: 1 on full agreement, 0 at chance, negative below it", () => {
    expect(
      cohenKappa([
        ['a', 'a'],
        ['b', 'b'],
      ]),
    ).to.equal(1);
    expect(
      cohenKappa([
        ['a', 'a'],
        ['a', 'b'],
        ['b', 'a'],
        ['b', 'b'],
      ]),
    ).to.equal(0);
    expect(
      cohenKappa([
        ['a', 'b'],
        ['b', 'a'],
      ]),
    ).to.equal(-1);
    expect(cohenKappa([])).to.be.NaN;
  });
});

describe('stories leading two by a reading of their pairs', () => {
  const pair = (group: string, a: string, b: string, joined: boolean) => ({ group, a, b, joined });
  it('counts each joined set of two or more trends of a story, apart per group', () => {
    // Three trends of s1 read as two and one: one story still leads two.
    const s1 = [pair('s1', 'x', 'y', true), pair('s1', 'x', 'z', false), pair('s1', 'y', 'z', false)];
    expect(storiesLeadingTwo(s1)).to.equal(1);
    // Four trends read as two and two: two stories lead two; a pair read two stories: none.
    const s2 = [pair('s2', 'a', 'b', true), pair('s2', 'c', 'd', true), pair('s2', 'a', 'c', false)];
    expect(storiesLeadingTwo([...s1, ...s2, pair('s3', 'p', 'q', false)])).to.equal(3);
    // The same trend ids in another group are other trends.
    expect(storiesLeadingTwo([pair('g1', 'a', 'b', true), pair('g2', 'a', 'b', true)])).to.equal(2);
  });
});
