import { expect } from 'chai';
import { classifyAddress, isPublicAddress } from '@trendscope/pipeline/fetch/address-policy';
import { isAllowListed } from '@trendscope/pipeline/fetch/allow-list';

describe('classifyAddress', () => {
  const refused: Array<[string, string]> = [
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.1.1', 'link_local'],
    ['169.254.169.254', 'metadata'],
    ['100.64.0.1', 'cgnat'],
    ['100.100.100.200', 'metadata'],
    ['224.0.0.251', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['198.18.0.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link_local'],
    ['fe80::1%eth0', 'link_local'],
    ['fc00::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.8', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['[::1]', 'loopback'],
    ['64:ff9b::7f00:1', 'reserved'],
    ['2002:7f00:1::1', 'reserved'],
    ['2001:db8::1', 'reserved'],
  ];
  for (const [address, cls] of refused) {
    it(`refuses ${address} as ${cls}`, () => {
      expect(classifyAddress(address)).to.equal(cls);
      expect(isPublicAddress(address)).to.be.false;
    });
  }

  for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '172.32.0.1']) {
    it(`accepts the public address ${address}`, () => {
      expect(classifyAddress(address)).to.equal('public');
    });
  }

  it('treats a host name as invalid (it must be resolved first)', () => {
    expect(classifyAddress('example.com')).to.equal('invalid');
  });
});

describe('isAllowListed', () => {
  it('matches a host entry on any port and a host:port entry on that port only', () => {
    expect(isAllowListed(new URL('http://127.0.0.1:8123/x'), ['127.0.0.1'])).to.be.true;
    expect(isAllowListed(new URL('http://127.0.0.1:8123/x'), ['127.0.0.1:8123'])).to.be.true;
    expect(isAllowListed(new URL('http://127.0.0.1:8124/x'), ['127.0.0.1:8123'])).to.be.false;
    expect(isAllowListed(new URL('http://Feeds.Local/x'), ['feeds.local:80'])).to.be.true;
    expect(isAllowListed(new URL('https://feeds.local/x'), ['feeds.local:80'])).to.be.false;
    expect(isAllowListed(new URL('http://[::1]:9000/x'), ['[::1]:9000'])).to.be.true;
    expect(isAllowListed(new URL('http://127.0.0.2/x'), [])).to.be.false;
  });
});
