import { FetchError } from '../fetch/fetch-error';
import { readValidators, saveValidators } from '../fetch/validator-store';
import { jobId } from '../queues/job-ids';
import { parseFeed } from '../sources/parse-feed';
import {
  toEntryData,
  type DiscoverJobData,
  type FetchJobData,
  type NextJob,
  type StageOutput,
} from '../queues/job-data';
import type { StageDeps } from '../pipeline-deps';

const FEED_ACCEPT =
  'application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.5';

/**
 * Discover: a conditional GET of the feed (robots.txt and politeness apply to feeds too), parse
 * it, and one fetch job per entry, with an id derived from the entry URL so entries already seen
 * are dropped by BullMQ. A 304 yields nothing. The feed's validators are saved only after the
 * entries are enqueued: a worker killed in between must re-read the feed, not get a 304.
 */
export async function runDiscover(
  input: DiscoverJobData,
  deps: StageDeps,
): Promise<NextJob<FetchJobData>[] | StageOutput<FetchJobData>> {
  const { redis, keyPrefix } = deps;
  await deps.robots.assertAllowed(input.feed_url);
  const validators = await readValidators(redis, keyPrefix, input.feed_url);
  const host = new URL(input.feed_url).host;
  const res = await deps.limiter.run(host, () =>
    deps.fetcher.fetch(input.feed_url, { validators, accept: FEED_ACCEPT }),
  );
  if (res.notModified) return [];
  let feed;
  try {
    feed = parseFeed(res.body, { url: res.url, contentType: res.contentType ?? undefined });
  } catch (err) {
    // A document that is not a feed will not become one on retry.
    throw new FetchError('http_status', `not a feed: ${input.feed_url}: ${(err as Error).message}`, true);
  }
  const seen = new Set<string>();
  const jobs: NextJob<FetchJobData>[] = [];
  for (const e of feed.entries) {
    if (!e.url || !/^https?:\/\//i.test(e.url) || seen.has(e.url)) continue;
    seen.add(e.url);
    jobs.push({
      id: jobId('fetch', e.url),
      data: {
        source_id: input.source_id,
        feed_url: input.feed_url,
        feed_format: feed.format,
        entry: toEntryData(e, e.url),
      },
    });
  }
  return {
    next: jobs,
    afterEnqueue: () =>
      saveValidators(redis, keyPrefix, input.feed_url, { etag: res.etag, lastModified: res.lastModified }),
  };
}
