import { expect } from 'chai';
import { pathMatcher } from '@trendscope/api/middleware/method-guard.middleware';

describe('pathMatcher: a router path as a RegExp over one request path', () => {
  it("matches a route's characters literally: a dot in a route path is a dot", () => {
    expect(pathMatcher('/v1/openapi.json').test('/v1/openapi.json')).to.equal(true);
    expect(pathMatcher('/v1/openapi.json').test('/v1/openapiXjson')).to.equal(false);
    expect(pathMatcher('/v1/trends/:trend_id').test('/v1/trends/abc/')).to.equal(true);
  });
});
