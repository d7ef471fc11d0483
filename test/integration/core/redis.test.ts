import { expect } from 'chai';
import { openTestServices, type TestServices } from '../../support/services';

describe('the real Redis', () => {
  let s: TestServices;
  before(async () => {
    s = await openTestServices();
  });
  after(async () => {
    await s.cleanup();
  });

  it('round-trips a value', async () => {
    await s.redis.set(`${s.prefix}:k`, 'v', 'EX', 60);
    expect(await s.redis.get(`${s.prefix}:k`)).to.equal('v');
  });

  it('runs with maxmemory-policy noeviction, as BullMQ requires', async () => {
    const [, policy] = (await s.redis.config('GET', 'maxmemory-policy')) as [string, string];
    expect(policy).to.equal('noeviction');
  });
});
