import { expect } from 'chai';
import { soakClusterOptions } from '../../bench/soak-reports';

describe('the soak bench clustering options (SOAK_CLUSTER)', () => {
  it('gives none when unset or blank', () => {
    expect(soakClusterOptions({})).to.deep.equal({});
    expect(soakClusterOptions({ SOAK_CLUSTER: '  ' })).to.deep.equal({});
  });

  it('reads a JSON object of options', () => {
    expect(
      soakClusterOptions({ SOAK_CLUSTER: '{"mergeSettleMinutes":30,"lonePairsNeedRareWords":true}' }),
    ).to.deep.equal({ mergeSettleMinutes: 30, lonePairsNeedRareWords: true });
  });

  it('refuses what is not a JSON object', () => {
    expect(() => soakClusterOptions({ SOAK_CLUSTER: '[30]' })).to.throw(/JSON object/);
    expect(() => soakClusterOptions({ SOAK_CLUSTER: '30' })).to.throw(/JSON object/);
    expect(() => soakClusterOptions({ SOAK_CLUSTER: 'mergeSettleMinutes=30' })).to.throw();
  });
});
