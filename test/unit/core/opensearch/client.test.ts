import { expect } from 'chai';
import { createOpenSearchClient, loadConfig, openSearchNodes } from '@trendscope/core';

describe('OpenSearch client over one node or several', () => {
  it('reads OPENSEARCH_URL as a comma-separated node list, spaces trimmed', () => {
    const config = loadConfig({ OPENSEARCH_URL: 'http://a:9200, http://b:9200,http://c:9200' });
    expect(config.opensearch.url).to.equal('http://a:9200,http://b:9200,http://c:9200');
    expect(openSearchNodes(config.opensearch.url)).to.deep.equal(['http://a:9200', 'http://b:9200', 'http://c:9200']);
  });

  it('refuses a list with one bad node', () => {
    expect(() => loadConfig({ OPENSEARCH_URL: 'http://a:9200,ftp://b' })).to.throw(
      /OPENSEARCH_URL: must be a valid uri/,
    );
  });

  it('retries a failed request on another node: maxRetries is at least nodes - 1', async () => {
    const one = createOpenSearchClient({ url: 'http://127.0.0.1:1', requestTimeoutMs: 1000 });
    const three = createOpenSearchClient({
      url: 'http://127.0.0.1:1,http://127.0.0.1:2,http://127.0.0.1:3',
      requestTimeoutMs: 1000,
    });
    const opts = (c: typeof one): { maxRetries?: number } =>
      (c as unknown as { transport: { maxRetries: number } }).transport;
    expect(opts(one).maxRetries).to.equal(0);
    expect(opts(three).maxRetries).to.equal(2);
    expect(three.connectionPool.connections.map((c) => c.url.port)).to.deep.equal(['1', '2', '3']);
    await Promise.all([one.close(), three.close()]);
  });
});
