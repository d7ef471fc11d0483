import { expect } from 'chai';
import type { DetectArticle } from '@trendscope/pipeline/detect/cluster';
import {
  distinctHeadlines,
  memberEvidence,
  NEAR_COSINES,
} from '@trendscope/pipeline/lab/evaluate/trends/member-evidence';

/** A unit vector at `degrees` in the plane of the first two dimensions. */
function at(degrees: number): Float32Array {
  const r = (degrees * Math.PI) / 180;
  return new Float32Array([Math.cos(r), Math.sin(r), 0]);
}

function art(id: string, minutes: number, title: string): DetectArticle {
  return { id, title, text: '', time: minutes * 60_000, entities: [] };
}

describe('lab member evidence of two trends (member-evidence.ts)', () => {
  it('reads each trend once per distinct headline, earliest first', () => {
    const members = [art('b', 5, 'Second report'), art('a', 1, 'First report'), art('c', 9, 'First  report')];
    expect(distinctHeadlines(members)).to.deep.equal(['First report', 'Second report']);
  });

  it("measures the later trend's headlines against the earlier's nearest, both ways and at the edges", () => {
    // Earlier a: a0 (first) .. a2 (last); later b: b0 (first) close to a0, b1 far from every a.
    const vectors = new Map([
      ['a0', at(0)],
      ['a1', at(90)],
      ['a2', at(180)],
      ['b0', at(10)],
      ['b1', at(-90)],
    ]);
    const e = memberEvidence(['a0', 'a1', 'a2'], ['b0', 'b1'], (t) => vectors.get(t))!;
    const near = Math.cos((10 * Math.PI) / 180); // 0.985: b0's nearest is a0
    const at08 = NEAR_COSINES.indexOf(0.8);
    expect(e.nearShare[at08]).to.equal(0.5); // b0 only
    expect(e.nearShareBack[at08]).to.be.closeTo(1 / 3, 1e-9); // a0 only
    // b1 at -90 degrees: nearest a0 or a2, both at cosine 0.
    expect(e.meanNearest).to.be.closeTo((near + 0) / 2, 1e-6);
    expect(e.topMean).to.be.closeTo((near + 0) / 2, 1e-6);
    // EDGE_MEMBERS (5) covers every headline here: edge and origin read all of a.
    expect(e.edge).to.be.closeTo(e.meanNearest, 1e-6);
    expect(e.origin).to.be.closeTo(e.meanNearest, 1e-6);
    // b's own: b0 and b1 are 100 degrees apart.
    expect(e.relative).to.be.closeTo(e.meanNearest - Math.cos((100 * Math.PI) / 180), 1e-6);
    expect(e.sizes).to.deep.equal([3, 2]);
  });

  it('has no evidence when a trend has no embedded headline', () => {
    expect(memberEvidence(['x'], ['y'], () => undefined)).to.equal(undefined);
  });
});
