import { expect } from 'chai';
import { defaultHeadlineMeaning } from '@trendscope/pipeline/detect/headline-meaning';
import { dot } from '@trendscope/pipeline/text/word-vectors';

describe('headline meaning (word vectors less the corpus mean, idf-weighted)', () => {
  const meaning = defaultHeadlineMeaning();
  const cos = (a: string, b: string): number => dot(meaning(a)!, meaning(b)!);

  it('finds headlines of one story close although they share no word', () => {
    const aids = 'US Baby Functionally Cured of Aids Virus';
    expect(cos(aids, 'Vaginal gel might prevent HIV hours after exposure')).to.be.above(
      cos(aids, 'Benelux stocks rally as bank earnings beat forecasts') + 0.2,
    );
    expect(cos('Why am I live-tweeting my colonoscopy?', 'New colorectal cancer data to be released')).to.be.above(
      cos('Why am I live-tweeting my colonoscopy?', 'Oil prices fall on Libyan supply hopes'),
    );
  });

  it('is unit length, and undefined for a headline without a known word', () => {
    const v = meaning('Kristen Bell returns as Veronica Mars')!;
    expect(dot(v, v)).to.be.closeTo(1, 1e-5);
    expect(meaning('12 34 ---')).to.equal(undefined);
  });

  it('puts unrelated headlines near zero, not at the ~0.4 of plain word-vector means', () => {
    expect(
      Math.abs(cos('Benelux stocks rally as bank earnings beat forecasts', 'Kristen Bell returns as Veronica Mars')),
    ).to.be.below(0.25);
  });
});
