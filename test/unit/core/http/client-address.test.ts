import { expect } from 'chai';
import { normaliseAddress, resolveClientAddress } from '@trendscope/core';

describe('resolveClientAddress', () => {
  it('uses the socket address when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(resolveClientAddress('10.0.0.7', '203.0.113.9', 0)).to.equal('10.0.0.7');
  });

  it('takes the Nth address from the right with N trusted proxies', () => {
    const chain = '198.51.100.1, 203.0.113.9, 10.0.0.2';
    expect(resolveClientAddress('10.0.0.1', chain, 1)).to.equal('10.0.0.2');
    expect(resolveClientAddress('10.0.0.1', chain, 2)).to.equal('203.0.113.9');
  });

  it('never trusts the client-written leftmost entries beyond the trusted hops', () => {
    // The client sent "X-Forwarded-For: 1.2.3.4"; one trusted proxy appended what it saw.
    expect(resolveClientAddress('10.0.0.1', '1.2.3.4, 203.0.113.9', 1)).to.equal('203.0.113.9');
  });

  it('falls back to the socket address when the chain is shorter than promised or not an address', () => {
    expect(resolveClientAddress('10.0.0.1', '203.0.113.9', 2)).to.equal('10.0.0.1');
    expect(resolveClientAddress('10.0.0.1', 'not-an-ip', 1)).to.equal('10.0.0.1');
    expect(resolveClientAddress('10.0.0.1', '', 1)).to.equal('10.0.0.1');
  });

  it('counts IPv4-mapped IPv6 as IPv4 and IPv6 by its /64', () => {
    expect(normaliseAddress('::ffff:192.0.2.5')).to.equal('192.0.2.5');
    expect(normaliseAddress('2001:db8:1:2:aaaa::1')).to.equal('2001:db8:1:2::/64');
    expect(normaliseAddress('2001:db8:1:2:bbbb::9')).to.equal('2001:db8:1:2::/64');
    expect(normaliseAddress('garbage')).to.equal(null);
    expect(resolveClientAddress('::ffff:127.0.0.1', '', 0)).to.equal('127.0.0.1');
  });
});
