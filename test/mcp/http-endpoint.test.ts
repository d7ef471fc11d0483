import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'chai';
import { openTestServices, type TestServices } from '../support/services';
import { startApi, type RunningApi } from '../support/api';

describe('the /mcp endpoint of the API', function () {
  this.timeout(30_000);
  let s: TestServices;
  let api: RunningApi;

  before(async () => {
    s = await openTestServices();
    api = await startApi(s);
  });
  after(async () => {
    await api.close();
    await s.cleanup();
  });

  it('answers 405 with Allow: POST to GET and DELETE (stateless: no server stream, no session)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${api.url}/mcp`, { method });
      expect(res.status, method).to.equal(405);
      expect(res.headers.get('allow')).to.equal('POST');
      expect(await res.json()).to.deep.equal({ detail: 'Method Not Allowed' });
    }
  });

  it('answers a JSON-RPC tools/list POST with JSON and a request id', async () => {
    const res = await fetch(`${api.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-request-id')).to.be.a('string');
    const body = (await res.json()) as { id: number; result: { tools: { name: string }[] } };
    expect(body.id).to.equal(1);
    expect(body.result.tools).to.have.length(9);
  });

  it('refuses a bad key with 401, WWW-Authenticate and a JSON-RPC error saying "Invalid API key"', async () => {
    const bad = 'Bearer ts_live_0000000000000000000000000000000000000000';
    const res = await fetch(`${api.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: bad,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(res.status).to.equal(401);
    expect(res.headers.get('www-authenticate')).to.match(/^Bearer realm="trendscope", error="invalid_token"/);
    expect(await res.json()).to.deep.equal({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32001, message: 'Invalid API key', data: { status: 401 } },
    });

    // What an agent sees through the official SDK: the reason, not just a status.
    const client = new Client({ name: 'bad-key', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL('/mcp', api.url), {
      requestInit: { headers: { authorization: bad } },
    });
    const failure = await client.connect(transport).then(
      () => null,
      (err: unknown) => err as Error,
    );
    await client.close().catch(() => undefined);
    expect(failure?.message).to.include('Invalid API key');
  });

  it('answers malformed JSON with a JSON-RPC parse error, not a crash', async () => {
    const res = await fetch(`${api.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{not json',
    });
    expect(res.status).to.equal(400);
    const body = (await res.json()) as { error: { code: number } };
    expect(body.error.code).to.equal(-32700);
  });
});
