import { expect } from 'chai';
import { deadLetterLines } from '@trendscope/pipeline/cli/dead-letter-reasons';
import type { DeadLetter } from '@trendscope/pipeline/queues/dead-letter';

const letter = (error: string, url = 'https://feeds.bbci.co.uk/news/rss.xml'): DeadLetter => ({
  queue: 'discover',
  job_id: 'j1',
  url,
  error,
  attempts: 4,
  failed_at: '2026-11-27T07:00:00.000Z',
});

describe('trendscope status: dead letters and their reason', () => {
  it('prints each dead letter with its error', () => {
    const lines = deadLetterLines([letter('HTTP 404 from https://example.org/feed', 'https://example.org/feed')]);
    expect(lines).to.deep.equal([
      '  2026-11-27T07:00:00.000Z discover https://example.org/feed: HTTP 404 from https://example.org/feed',
    ]);
  });

  it('says once why, and names make demo, when no host could be reached (a first run offline)', () => {
    const lines = deadLetterLines([
      letter('cannot resolve the host of https://feeds.bbci.co.uk/news/rss.xml (ENOTFOUND: no DNS answer; offline?)'),
      letter('cannot fetch https://rss.nytimes.com/x.xml: ENETUNREACH', 'https://rss.nytimes.com/x.xml'),
      letter('time-out fetching https://www.theguardian.com/world/rss', 'https://www.theguardian.com/world/rss'),
    ]);
    expect(lines).to.have.length(5);
    expect(lines.filter((l) => l.includes('make demo'))).to.have.length(1);
    expect(lines[3]).to.include('likely offline');
  });

  it('does not send to make demo where replayed corpora are already served (inside make demo)', () => {
    const offline = [
      letter('cannot resolve the host of https://feeds.bbci.co.uk/news/rss.xml (ENOTFOUND: no DNS answer; offline?)'),
    ];
    const lines = deadLetterLines(offline, 12419);
    expect(lines.join('\n')).to.not.include('make demo');
    expect(lines[1]).to.include('likely offline');
    expect(lines[2]).to.equal(
      '  the 12419 articles replayed from the local corpora are served meanwhile: only the live feeds need the internet',
    );
    expect(deadLetterLines(offline, 0).join('\n')).to.include('make demo');
  });

  it('gives no offline reason when one failure reached its publisher', () => {
    const lines = deadLetterLines([
      letter('cannot resolve the host of https://feeds.bbci.co.uk/news/rss.xml (ENOTFOUND: no DNS answer; offline?)'),
      letter('HTTP 500 from https://example.org/feed', 'https://example.org/feed'),
    ]);
    expect(lines.join('\n')).to.not.include('make demo');
  });
});
