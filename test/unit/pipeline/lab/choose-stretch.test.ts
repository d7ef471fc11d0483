import { expect } from 'chai';
import { chooseStretch, STRETCH_TOLERANCE } from '@trendscope/pipeline/lab/train/impact-model/choose-stretch';

describe('chooseStretch (the impact score spread a refit keeps)', () => {
  const grid = [1.2, 1.3, 1.4, 1.5, 1.6];
  const errors = (byStretch: Record<number, number>) => (s: number) => byStretch[s] ?? 1;

  it('keeps the preferred spread when another is better by less than the tolerance', () => {
    // The refit of 2026-12-06: 1.5 a hair under 1.4 moved 15 demo trends by a point.
    const mae = errors({ 1.2: 0.79, 1.3: 0.75, 1.4: 0.741, 1.5: 0.735, 1.6: 0.747 });
    expect(chooseStretch(grid, mae, 1.4)).to.equal(1.4);
  });

  it('leaves the preferred spread when another is clearly better', () => {
    const mae = errors({ 1.2: 0.79, 1.3: 0.75, 1.4: 0.741, 1.5: 0.741 - STRETCH_TOLERANCE - 0.001, 1.6: 0.75 });
    expect(chooseStretch(grid, mae, 1.4)).to.equal(1.5);
  });

  it('takes the least error when the preferred spread is not allowed (over the volume cap)', () => {
    const mae = errors({ 1.2: 0.8, 1.3: 0.78 });
    expect(chooseStretch([1.2, 1.3], mae, 1.4)).to.equal(1.3);
  });

  it('takes the smaller of two equal errors', () => {
    const mae = errors({ 1.2: 0.9, 1.3: 0.7, 1.4: 0.8, 1.5: 0.7, 1.6: 0.9 });
    expect(chooseStretch(grid, mae, 1.4)).to.equal(1.3);
  });
});
