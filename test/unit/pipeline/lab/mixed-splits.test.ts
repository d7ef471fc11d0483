import { expect } from 'chai';
import type { DetectArticle } from '@trendscope/pipeline/detect/cluster';
import { joinedBack, otherStoryShare, rejoinVerdict, splittable } from '@trendscope/pipeline/lab/diagnose/mixed-splits';
import { meaningGroups } from '@trendscope/pipeline/lab/diagnose/topic-centres';

const unit = (...xs: number[]): Float32Array => {
  const n = Math.hypot(...xs);
  return Float32Array.from(xs.map((x) => x / n));
};

describe('lab/diagnose/mixed-splits.ts', () => {
  it('a trend is splittable when its second group holds 3 or more members and 15 % or more', () => {
    const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
    expect(splittable([range(0, 17), range(17, 20)], 20)).to.equal(true);
    // 3 members of 21 is under 15 %; 2 members of 10 under 3.
    expect(splittable([range(0, 18), range(18, 21)], 21)).to.equal(false);
    expect(splittable([range(0, 8), range(8, 10)], 10)).to.equal(false);
    expect(splittable([range(0, 10)], 10)).to.equal(false);
  });

  it('two stories told in unlike words form two groups of meaning a split would follow', () => {
    // Five reports of one story near one direction, three of another near an orthogonal one.
    const vectors = [
      unit(1, 0.1, 0),
      unit(1, 0, 0.1),
      unit(1, 0.05, 0.05),
      unit(1, 0.1, 0.1),
      unit(1, 0, 0),
      unit(0, 1, 0.1),
      unit(0.1, 1, 0),
      unit(0, 1, 0),
    ];
    const groups = meaningGroups(vectors, 0.35).sort((a, b) => b.length - a.length);
    expect(groups.map((g) => [...g].sort((a, b) => a - b))).to.deep.equal([
      [0, 1, 2, 3, 4],
      [5, 6, 7],
    ]);
    expect(splittable(groups, vectors.length)).to.equal(true);
    const labels = ['gel', 'gel', 'gel', 'gel', 'gel', 'hospital', 'hospital', 'gel'];
    expect(otherStoryShare(groups, labels)).to.be.closeTo(2 / 3, 1e-9);
    // One story told two ways: both groups hold the first group's story.
    expect(
      otherStoryShare(
        groups,
        labels.map(() => 'gel'),
      ),
    ).to.equal(0);
  });

  it("the groups are judged against the first group's story, not the trend's largest one", () => {
    // The trend's largest story (report, 4) sits in the second group; the first group is the study.
    const groups = [
      [0, 1, 2, 3],
      [4, 5, 6],
    ];
    const labels = ['study', 'study', 'study', 'report', 'report', 'report', 'report'];
    expect(otherStoryShare(groups, labels)).to.equal(1);
  });

  describe('the rejoin gate (rejoinVerdict)', () => {
    const idf = (): number => 1;
    /** `n` reports one a minute from `minute` on, each with the given headline. */
    const reports = (id: string, minute: number, title: string, n: number): DetectArticle[] =>
      Array.from({ length: n }, (_, i) => ({
        id: `${id}-${i}`,
        title,
        text: '',
        time: (minute + i) * 60_000,
        entities: [],
      }));
    /** Headlines about the gel read alike; the hospital's point elsewhere. */
    const lookup = () =>
      Promise.resolve((t: string) => (t.includes('gel') ? Float32Array.of(1, 0) : Float32Array.of(0, 1)));
    const HOSPITAL = 'HIV infection study exposure at New York hospital';
    const gel = reports('gel', 0, 'HIV gel protects monkeys from infection in study', 8);

    it('joins back two sides of one story told alike: the split is not kept', async () => {
      const again = reports('again', 3, 'Study: HIV gel protects monkeys from infection', 4);
      const v = await rejoinVerdict([gel, again], idf, undefined, lookup);
      expect([v.paired, v.test, v.meaning]).to.deep.equal([true, 'meaning', 1]);
      expect(joinedBack(v)).to.equal(true);
    });

    it('keeps two stories apart, whether the cheap gates pair them or not', async () => {
      const hospital = await rejoinVerdict([gel, reports('h', 3, HOSPITAL, 4)], idf, undefined, lookup);
      expect([hospital.paired, hospital.test, hospital.meaning]).to.deep.equal([true, undefined, 0]);
      expect(joinedBack(hospital)).to.equal(false);
      // Told alike but in other words: the joining test would join them, the cheap gates do not pair them.
      const words = await rejoinVerdict(
        [gel, reports('w', 3, 'Vaginal gel shields macaques', 4)],
        idf,
        undefined,
        lookup,
      );
      expect([words.paired, words.test, words.shared]).to.deep.equal([false, 'meaning', 1]);
      expect(joinedBack(words)).to.equal(false);
    });
  });
});
