import { expect } from 'chai';
import { migrateIndices, type ArticleDoc, type TrendDoc } from '@trendscope/core';
import {
  detectLockKey,
  DetectLockLostError,
  runDetectSingleFlight,
} from '@trendscope/pipeline/locks/detect-single-flight';
import { runDetect, type DetectOptions, type DetectSummary } from '@trendscope/pipeline/detect/run-detect';
import { publisherArticle } from '../../support/factories';
import { detectDeps, openTestServices, type TestServices } from '../../support/services';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const MIN = 60_000;

// Eleven reports of three stories over three hours, interleaved: a pass of three sees part of each.
const TITLES = [
  'Harbour bridge closed after cargo ship strikes pier',
  'Central bank raises interest rates to curb inflation',
  'Volcano erupts on island forcing village evacuation',
];
const ARTICLES = Array.from({ length: 11 }, (_, i) =>
  publisherArticle(`r${String(i).padStart(2, '0')}`, NOW - (180 - i * 15) * MIN, `${TITLES[i % 3]} update ${i}`),
);

/** What a run leaves: every report's trend and each trend's size, by id. */
interface Outcome {
  summary: DetectSummary;
  articles: Record<string, string | null>;
  trends: Record<string, number>;
}

/** Writes ARTICLES into fresh indices, runs detection once with `opts`, and reads what it left. */
async function detectOnce(
  opts: Partial<DetectOptions>,
  run: (s: TestServices) => Promise<DetectSummary> = (s) => runDetect(detectDeps(s), { now: new Date(NOW), ...opts }),
): Promise<Outcome> {
  const s = await openTestServices();
  try {
    await migrateIndices(s.opensearch, s.names);
    const body = ARTICLES.flatMap(({ id, doc }) => [{ index: { _index: s.names.articles, _id: id } }, doc]);
    expect((await s.opensearch.bulk({ body, refresh: true })).body.errors).to.equal(false);
    const summary = await run(s);
    return { summary, ...(await stored(s)) };
  } finally {
    await s.cleanup();
  }
}

async function stored(s: TestServices): Promise<Omit<Outcome, 'summary'>> {
  await s.opensearch.indices.refresh({ index: [s.names.articles, s.names.trends].join(',') });
  const read = await s.opensearch.search({ index: s.names.articles, body: { size: 100 } });
  const articles = Object.fromEntries(
    read.body.hits.hits.map((h) => [h._id, (h._source as unknown as ArticleDoc).trend_id ?? null]),
  );
  const found = await s.opensearch.search({ index: s.names.trends, body: { size: 100 } });
  const trends = Object.fromEntries(
    found.body.hits.hits.map((h) => {
      const t = h._source as unknown as TrendDoc;
      return [t.id, t.article_count];
    }),
  );
  return { articles, trends };
}

describe('a detection run drains its backlog in passes (maxNewReports per pass; OpenSearch + Redis)', function () {
  this.timeout(180_000);
  let passes: Outcome;

  before(async () => {
    passes = await detectOnce({ maxNewReports: 3 });
  });

  it('assigns every waiting report in one invocation, in passes of at most maxNewReports', () => {
    // 11 reports in passes of 3: 3, 3, 3, 2 (the fourth reads fewer than 3 and ends the run).
    expect(passes.summary).to.include({ articles_considered: 11, passes: 4, stopped_at_max_passes: 0 });
    expect(passes.summary.articles_assigned).to.equal(11);
    expect(Object.values(passes.articles).filter((t) => t === null)).to.deep.equal([]);
    // Every report's trend exists, and the trends hold the eleven reports between them.
    for (const t of Object.values(passes.articles)) expect(passes.trends).to.have.property(t!);
    expect(Object.values(passes.trends).reduce((a, b) => a + b, 0)).to.equal(11);
  });

  it('writes the same trends and assignments for the same input, clock and pass size', async () => {
    const again = await detectOnce({ maxNewReports: 3 });
    expect(again.articles).to.deep.equal(passes.articles);
    expect(again.trends).to.deep.equal(passes.trends);
    expect(again.summary).to.deep.equal(passes.summary);
  });

  it('collects the garbage after each step of a pass but the write, and between passes, with the same result', async () => {
    const steps: string[] = [];
    const collected = await detectOnce({}, (s) =>
      runDetect(
        {
          ...detectDeps(s),
          onPhase: (phase) => steps.push(phase),
          collectGarbage: () => steps.push('gc'),
        },
        { now: new Date(NOW), maxNewReports: 3 },
      ),
    );
    const pass = ['load', 'gc', 'cluster', 'gc', 'apply', 'gc', 'build', 'gc', 'write'];
    // Four passes, a collection between each two (after the write) and none after the last.
    expect(steps).to.deep.equal([...pass, 'gc', ...pass, 'gc', ...pass, 'gc', ...pass]);
    expect(collected.articles).to.deep.equal(passes.articles);
    expect(collected.trends).to.deep.equal(passes.trends);
  });

  it('stops at maxPasses and leaves the reports still waiting to the next run', async () => {
    const bounded = await detectOnce({ maxNewReports: 3, maxPasses: 2 });
    expect(bounded.summary).to.include({ articles_considered: 6, passes: 2, stopped_at_max_passes: 1 });
    // The six earliest are assigned, the five latest wait.
    const waiting = Object.entries(bounded.articles)
      .filter(([, t]) => t === null)
      .map(([id]) => id)
      .sort();
    expect(waiting).to.deep.equal(['r06', 'r07', 'r08', 'r09', 'r10']);
  });

  it('checks the single-flight lock between passes: a run whose lock another took stops before its next pass', async () => {
    let key = '';
    const other = 'other-host:1:00000000000000000000000000000000';
    let caught: unknown;
    const lost = await detectOnce({}, async (s) => {
      key = detectLockKey(s.prefix);
      let wrote = 0;
      const deps = {
        ...detectDeps(s),
        // After the first pass writes, another run takes the lock (sent before the run's next command).
        onPhase: (phase: string) => {
          if (phase === 'write' && ++wrote === 1) void s.redis.set(key, other, 'PX', 30_000);
        },
      };
      try {
        await runDetectSingleFlight(deps, { now: new Date(NOW), maxNewReports: 3 }, { ttlMs: 30_000 });
      } catch (err) {
        caught = err;
      }
      expect(await s.redis.get(key), 'the other run keeps its lock').to.equal(other);
      return passes.summary;
    });
    expect(caught).to.be.instanceOf(DetectLockLostError);
    // The first pass's three reports are written, nothing after.
    const assigned = Object.entries(lost.articles).filter(([, t]) => t !== null);
    expect(assigned.map(([id]) => id).sort()).to.deep.equal(['r00', 'r01', 'r02']);
  });
});
