import { isProjectNodeVersion, MIN_NODE_MAJOR } from '@trendscope/core/project-node';
import { expect } from 'chai';

describe('isProjectNodeVersion', () => {
  it('accepts Node 22 and later, with or without the v', () => {
    expect(MIN_NODE_MAJOR).to.equal(22);
    expect(isProjectNodeVersion('22.0.0')).to.equal(true);
    expect(isProjectNodeVersion('v24.21.0')).to.equal(true);
  });

  it('refuses the Node 20 the machines ship', () => {
    expect(isProjectNodeVersion('v20.20.2')).to.equal(false);
    expect(isProjectNodeVersion('21.7.3')).to.equal(false);
  });

  it('answers for the running Node by default', () => {
    expect(isProjectNodeVersion()).to.equal(Number(process.versions.node.split('.')[0]) >= 22);
  });
});
