import type { FetchMethod } from '@trendscope/core';
import { FetchError } from '../fetch/fetch-error';
import { jobId } from '../queues/job-ids';
import { JOB_CAPS, type FetchJobData, type NextJob, type ProcessJobData, type StageContext } from '../queues/job-data';
import { pageKey, storePage } from '../fetch/page-store';
import type { StageDeps } from '../pipeline-deps';

const PAGE_ACCEPT = 'text/html, application/xhtml+xml;q=0.9, */*;q=0.1';

/**
 * Fetch: the entry's page, within robots.txt, politeness and the fetcher's guards. When the page
 * cannot be had (refused, missing, not HTML, or still failing on the last attempt) the entry goes
 * on with the feed's own content and `fetch_method` says so; a transient failure before the last
 * attempt is thrown, so BullMQ retries it with backoff.
 */
export async function runFetch(
  input: FetchJobData,
  deps: StageDeps,
  ctx: StageContext,
): Promise<NextJob<ProcessJobData>[]> {
  const url = input.entry.url;
  const fallback: FetchMethod = input.feed_format === 'sitemap' ? 'sitemap' : 'feed';
  let data: ProcessJobData;
  try {
    await deps.robots.assertAllowed(url);
    const res = await deps.limiter.run(new URL(url).host, () => deps.fetcher.fetch(url, { accept: PAGE_ACCEPT }));
    if (!isHtml(res.contentType, res.body)) {
      throw new FetchError('http_status', `not an HTML page (${res.contentType ?? 'no type'})`, true);
    }
    const key = pageKey(deps.keyPrefix, url);
    await storePage(deps.redis, key, res.body);
    data = {
      ...base(input),
      fetch_method: 'page',
      page: { key, url: res.url, content_type: res.contentType },
      page_error: null,
    };
  } catch (err) {
    if (!(err instanceof FetchError)) throw err;
    const lastAttempt = ctx.attemptsMade + 1 >= ctx.attempts;
    if (!err.permanent && !lastAttempt) throw err;
    deps.logger.debug({ url, code: err.code }, 'page not available; using the feed content');
    data = {
      ...base(input),
      fetch_method: fallback,
      page: null,
      page_error: `${err.code}: ${err.message}`.slice(0, JOB_CAPS.pageErrorChars),
    };
  }
  return [{ id: jobId('process', url), data }];
}

function base(input: FetchJobData): Pick<ProcessJobData, 'source_id' | 'feed_url' | 'entry'> {
  return { source_id: input.source_id, feed_url: input.feed_url, entry: input.entry };
}

function isHtml(contentType: string | null, body: Buffer): boolean {
  if (contentType) return /html|xml/i.test(contentType);
  return /<html|<!doctype html/i.test(body.toString('utf8', 0, 1024));
}
