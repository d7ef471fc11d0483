import { expect } from 'chai';
import { createOpenSearchClient } from '@trendscope/core';
import { startApi } from '../support/api';
import { deadOpenSearch, hangingServer } from '../support/dead-services';
import { useTestServices } from '../support/services';

describe('GET /health', function () {
  this.timeout(20_000);
  const s = useTestServices();

  it('answers 200 with each dependency up', async () => {
    const api = await startApi(s);
    try {
      const res = await fetch(`${api.url}/health`);
      expect(res.status).to.equal(200);
      expect(res.headers.get('x-request-id')).to.be.a('string');
      const body = (await res.json()) as {
        status: string;
        version: string;
        checks: Record<string, { status: string }>;
      };
      expect(body.status).to.equal('ok');
      expect(body.version).to.equal('0.2.0');
      expect(body.checks.opensearch?.status).to.equal('up');
      expect(body.checks.redis?.status).to.equal('up');
    } finally {
      await api.close();
    }
  });

  it('asks the node it reaches, not the elected cluster manager (served through an election)', async () => {
    const opensearch = createOpenSearchClient({ url: s.config.opensearch.url, requestTimeoutMs: 5000 });
    const asked: string[] = [];
    opensearch.on('request', (_err, event) => {
      const req = (event as { meta: { request: { params: { path: string; querystring?: string } } } }).meta.request;
      asked.push(`${req.params.path}?${req.params.querystring ?? ''}`);
    });
    const api = await startApi(s, { deps: { opensearch } });
    try {
      const res = await fetch(`${api.url}/health`);
      expect(res.status).to.equal(200);
      const health = asked.filter((p) => p.startsWith('/_cluster/health'));
      expect(health).to.have.length(1);
      expect(health[0]).to.include('local=true');
    } finally {
      await api.close();
      await opensearch.close();
    }
  });

  it('answers 503 naming OpenSearch when it is pointed at a closed port', async () => {
    const { client: opensearch } = await deadOpenSearch();
    const api = await startApi(s, { deps: { opensearch } });
    try {
      const res = await fetch(`${api.url}/health`);
      expect(res.status).to.equal(503);
      const body = (await res.json()) as { status: string; checks: Record<string, { status: string; error?: string }> };
      expect(body.checks.opensearch?.status).to.equal('down');
      expect(body.checks.redis?.status).to.equal('up');
      expect(JSON.stringify(body)).not.to.include('127.0.0.1');
    } finally {
      await api.close();
      await opensearch.close();
    }
  });

  it('answers within the health time-out when OpenSearch hangs', async () => {
    const hang = await hangingServer();
    const opensearch = createOpenSearchClient({ url: hang.url, requestTimeoutMs: 30_000 });
    const api = await startApi(s, { env: { HEALTH_TIMEOUT_MS: '500' }, deps: { opensearch } });
    try {
      const started = Date.now();
      const res = await fetch(`${api.url}/health`);
      expect(res.status).to.equal(503);
      expect(Date.now() - started).to.be.lessThan(2000);
    } finally {
      await api.close();
      hang.close();
      await opensearch.close();
    }
  });
});
