import { expect } from 'chai';
import { indexNames, type OpenSearchClient } from '@trendscope/core';
import { loadTrendMembers } from '@trendscope/pipeline/detect/detect.repository';
import { appendAll, extent } from '@trendscope/pipeline/detect/large-arrays';

// More items than a spread can pass as arguments: ~130,000 members overflowed the call stack in a
// detection run at 30x the UCI volume (`out.push(...members)`).
const MANY = 200_000;

/** A client whose searches answer `total` hits of one trend, a page at a time (search_after). */
function fakeMembers(total: number): OpenSearchClient {
  return {
    search: ({ body }: { body: { size: number; search_after?: number[] } }) => {
      const from = body.search_after ? body.search_after[0]! + 1 : 0;
      const n = Math.max(0, Math.min(body.size, total - from));
      const hits = Array.from({ length: n }, (_, k) => ({
        _id: `a${from + k}`,
        _source: { trend_id: 'tr_big', canonical_url: `https://x.test/${from + k}` },
        sort: [from + k],
      }));
      return Promise.resolve({ body: { hits: { hits } } });
    },
  } as unknown as OpenSearchClient;
}

describe('lists longer than a spread can take', () => {
  it('appendAll and extent take any length', () => {
    const values = Array.from({ length: MANY }, (_, i) => (i * 7919) % MANY);
    expect(appendAll([-1], values)).to.have.length(MANY + 1);
    expect(extent(values)).to.deep.equal({ min: 0, max: MANY - 1 });
    expect(extent([])).to.deep.equal({ min: Infinity, max: -Infinity });
  });

  it('loadTrendMembers reads a trend of 200,000 members', async () => {
    const members = await loadTrendMembers(fakeMembers(MANY), indexNames('t'), ['tr_big']);
    expect(members).to.have.length(MANY);
    expect(members[MANY - 1]).to.include({ id: `a${MANY - 1}`, trend_id: 'tr_big' });
  });
});
