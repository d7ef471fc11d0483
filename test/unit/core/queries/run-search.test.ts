import { expect } from 'chai';
import { errors } from '@opensearch-project/opensearch';
import { indexNames, runSearch, SearchUnavailableError, type OpenSearchClient, type QueryDeps } from '@trendscope/core';

/** A stand-in client whose search answers `answer` and records the request (unit test only). */
function fakeDeps(answer: () => Promise<unknown>, seen: unknown[] = []): QueryDeps {
  const opensearch = {
    search: (req: unknown) => {
      seen.push(req);
      return answer();
    },
  } as unknown as OpenSearchClient;
  return { opensearch, names: indexNames('unit'), queryTimeoutMs: 321 };
}

describe('runSearch', () => {
  it('puts the server-side query time-out on every search', async () => {
    const seen: { body: { timeout: string }; ignore_unavailable: boolean }[] = [];
    await runSearch(
      fakeDeps(() => Promise.resolve({ body: { hits: { hits: [] } } }), seen),
      'unit-trends',
      { size: 1 },
    );
    expect(seen[0]?.body.timeout).to.equal('321ms');
    // A missing index is an outage (503), not an empty answer: it is never ignored.
    expect(seen[0]?.ignore_unavailable).to.equal(undefined);
  });

  it('answers 503 when OpenSearch reports the search timed out, instead of serving partial results', async () => {
    const deps = fakeDeps(() => Promise.resolve({ body: { timed_out: true, hits: { hits: [] } } }));
    const err = await runSearch(deps, 'unit-trends', {}).catch((e: unknown) => e);
    expect(err).to.be.instanceOf(SearchUnavailableError);
  });

  it('maps connection failures to SearchUnavailableError and leaves other errors alone', async () => {
    const down = await runSearch(
      fakeDeps(() => Promise.reject(new errors.ConnectionError('connect ECONNREFUSED 10.0.0.1:9200'))),
      'x',
      {},
    ).catch((e: unknown) => e);
    expect(down).to.be.instanceOf(SearchUnavailableError);
    expect((down as Error).message).not.to.include('10.0.0.1');
    const bug = new TypeError('bug');
    expect(
      await runSearch(
        fakeDeps(() => Promise.reject(bug)),
        'x',
        {},
      ).catch((e: unknown) => e),
    ).to.equal(bug);
  });
});
