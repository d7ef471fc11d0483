import { expect } from 'chai';
import { useTestServices } from '../../support/services';

describe('the real Redis', () => {
  const s = useTestServices();

  it('round-trips a value', async () => {
    await s.redis.set(`${s.prefix}:k`, 'v', 'EX', 60);
    expect(await s.redis.get(`${s.prefix}:k`)).to.equal('v');
  });

  it('runs with maxmemory-policy noeviction, as BullMQ requires', async () => {
    const [, policy] = (await s.redis.config('GET', 'maxmemory-policy')) as [string, string];
    expect(policy).to.equal('noeviction');
  });
});
