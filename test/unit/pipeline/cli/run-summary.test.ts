import { expect } from 'chai';
import type { RunSummary } from '@trendscope/pipeline/cli/run-pipeline-once';
import { sourceIdOf, summaryLine } from '@trendscope/pipeline/cli/commands/ingest.command';

const run = (over: Partial<RunSummary>): RunSummary => ({
  feeds: 2,
  feedsFailed: 0,
  discovered: 100,
  indexed: 100,
  failed: 0,
  pending: 0,
  deadLetters: 0,
  seconds: 4,
  ...over,
});

describe('CLI run summary', () => {
  it('reports what was indexed and the rate', () => {
    expect(summaryLine('replay', run({}))).to.equal(
      'replay: 2 feeds (0 failed), 100 entries, 100 indexed, 0 jobs failed, 0 new dead letters, 4.0 s (25 articles/s)\n',
    );
  });

  it('says that entries were skipped when a replay finds its jobs already done, instead of a bare "0 indexed"', () => {
    const line = summaryLine('replay', run({ indexed: 0, seconds: 1 }));
    expect(line).to.contain('0 indexed, 100 skipped (done within the last day, or a URL seen twice)');
    expect(line).not.to.contain('articles/s');
  });

  it('does not count failed entries as skipped', () => {
    const line = summaryLine('ingest', run({ indexed: 90, failed: 10 }));
    expect(line).not.to.contain('skipped');
    expect(line).to.contain('10 jobs failed');
  });

  it('derives a stable, readable source id from a feed URL', () => {
    const id = sourceIdOf('https://Feeds.Example.org/news/rss.xml');
    expect(id).to.match(/^feeds-example-org-[0-9a-f]{8}$/);
    expect(sourceIdOf('https://Feeds.Example.org/news/rss.xml')).to.equal(id);
  });
});
