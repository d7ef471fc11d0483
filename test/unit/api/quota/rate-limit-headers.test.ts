import { expect } from 'chai';
import { windowAt, type QuotaDecision } from '@trendscope/core';
import { formatRateLimit, formatRateLimitPolicy, retryAfterSeconds } from '@trendscope/api/quota/rate-limit-headers';

const decision = (minute: [number, number], day: [number, number], allowed = true): QuotaDecision => ({
  allowed,
  minute: { limit: 60, remaining: minute[0], resetSeconds: minute[1] },
  day: { limit: 2000, remaining: day[0], resetSeconds: day[1] },
  dataGeneration: null,
});

describe('RateLimit headers (draft-ietf-httpapi-ratelimit-headers)', () => {
  it('writes the policy as structured-field items, one per window', () => {
    expect(formatRateLimitPolicy({ perMinute: 60, perDay: 2000 })).to.equal('"minute";q=60;w=60, "day";q=2000;w=86400');
  });

  it('writes remaining and seconds to reset per window', () => {
    expect(formatRateLimit(decision([41, 17], [1710, 50311]))).to.equal('"minute";r=41;t=17, "day";r=1710;t=50311');
  });

  it('retries after the spent minute window when only the minute is spent', () => {
    expect(retryAfterSeconds(decision([0, 17], [1710, 50311], false))).to.equal(17);
  });

  it('retries after the day window when the day is spent, never earlier', () => {
    expect(retryAfterSeconds(decision([12, 17], [0, 50311], false))).to.equal(50311);
    expect(retryAfterSeconds(decision([0, 17], [0, 50311], false))).to.equal(50311);
  });
});

describe('windowAt', () => {
  it('counts whole seconds to the end of the window, between 1 and its length', () => {
    expect(windowAt(Date.UTC(2026, 0, 1, 0, 0, 0), 60)).to.deep.include({ resetSeconds: 60 });
    expect(windowAt(Date.UTC(2026, 0, 1, 0, 0, 59, 1), 60)).to.deep.include({ resetSeconds: 1 });
    expect(windowAt(Date.UTC(2026, 0, 1, 0, 0, 59, 999), 60)).to.deep.include({ resetSeconds: 1 });
    expect(windowAt(Date.UTC(2026, 0, 1, 0, 0, 42, 500), 60)).to.deep.include({ resetSeconds: 18 });
  });

  it('starts a new minute and a new UTC day at their edges', () => {
    const before = Date.UTC(2026, 0, 1, 23, 59, 59, 999);
    const after = before + 1;
    expect(windowAt(after, 60).id).to.equal(windowAt(before, 60).id + 1);
    expect(windowAt(after, 86_400).id).to.equal(windowAt(before, 86_400).id + 1);
    expect(windowAt(before, 86_400).resetSeconds).to.equal(1);
    expect(windowAt(after, 86_400).resetSeconds).to.equal(86_400);
  });
});
