import { expect } from 'chai';
import {
  API_KEY_LENGTH,
  API_KEY_PREFIX,
  apiKeyChecksum,
  apiKeyHint,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
  toBase62,
} from '@trendscope/core';

describe('API key format', () => {
  it('is ts_live_ + 32 base62 characters + a 6-character checksum', () => {
    const key = generateApiKey();
    expect(key).to.match(/^ts_live_[0-9A-Za-z]{38}$/);
    expect(key).to.have.length(API_KEY_LENGTH);
    expect(key.startsWith(API_KEY_PREFIX)).to.be.true;
    expect(key.slice(-6)).to.equal(apiKeyChecksum(key.slice(0, -6)));
  });

  it('draws a different key every time', () => {
    const keys = new Set(Array.from({ length: 1000 }, () => generateApiKey()));
    expect(keys.size).to.equal(1000);
  });

  it('accepts a generated key and refuses one whose checksum does not match', () => {
    const key = generateApiKey();
    expect(isWellFormedApiKey(key)).to.be.true;
    const flipped = key.slice(0, 10) + (key[10] === 'a' ? 'b' : 'a') + key.slice(11);
    expect(isWellFormedApiKey(flipped)).to.be.false;
    const badSum = key.slice(0, -1) + (key.endsWith('0') ? '1' : '0');
    expect(isWellFormedApiKey(badSum)).to.be.false;
  });

  it('refuses wrong prefixes, lengths and alphabets', () => {
    const key = generateApiKey();
    expect(isWellFormedApiKey(key.replace('ts_live_', 'ts_test_'))).to.be.false;
    expect(isWellFormedApiKey(key.slice(0, -1))).to.be.false;
    expect(isWellFormedApiKey(`${key}A`)).to.be.false;
    expect(isWellFormedApiKey(`ts_live_${'-'.repeat(38)}`)).to.be.false;
    expect(isWellFormedApiKey('')).to.be.false;
  });

  it('writes the checksum as CRC32 in base62, zero-padded to 6 characters', () => {
    expect(toBase62(0, 6)).to.equal('000000');
    expect(toBase62(61, 6)).to.equal('00000z');
    expect(toBase62(62, 6)).to.equal('000010');
    expect(toBase62(2 ** 32 - 1, 6)).to.equal('4gfFC3');
    // The standard CRC32 check value: CRC32("123456789") = 0xCBF43926.
    expect(apiKeyChecksum('123456789')).to.equal('3jZRME');
  });

  it('shows only the first 12 and the last 4 characters', () => {
    const key = generateApiKey();
    expect(apiKeyHint(key)).to.deep.equal({ prefix: key.slice(0, 12), last4: key.slice(-4) });
  });
});

describe('hashApiKey', () => {
  const key = 'ts_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA000000';

  it('is SHA-256 in hex without a server secret', () => {
    expect(hashApiKey(key, '')).to.equal('c5580fcd04cf3fd8a5c73dc930c5547130d864ceb85d494c9bc4232073cb24cb');
    expect(hashApiKey(key, '')).to.not.include(key);
  });

  it('is an HMAC under the server secret: another secret gives another hash', () => {
    const a = hashApiKey(key, 'x'.repeat(32));
    const b = hashApiKey(key, 'y'.repeat(32));
    expect(a).to.match(/^[0-9a-f]{64}$/);
    expect(a).to.not.equal(b);
    expect(a).to.not.equal(hashApiKey(key, ''));
  });
});
