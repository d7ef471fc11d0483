import { expect } from 'chai';
import { progressLine } from '@trendscope/pipeline/cli/progress-reporter';

describe('CLI progress line', () => {
  it('counts indexed articles against the entries discovered', () => {
    expect(progressLine('replay', { discovered: 419, indexed: 136, failed: 0, pending: 283 })).to.equal(
      'replay: 136/419 indexed, 0 failed, 283 pending\n',
    );
  });

  it('never shows more indexed than its total while discover jobs are still running ("1/0 indexed")', () => {
    expect(progressLine('replay', { discovered: 0, indexed: 1, failed: 0, pending: 168 })).to.equal(
      'replay: 1/1 indexed, 0 failed, 168 pending\n',
    );
  });
});
