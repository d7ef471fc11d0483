import { createHash } from 'node:crypto';
import robotsParser from 'robots-parser';
import type { Redis } from 'ioredis';
import { FetchError } from './fetch-error';
import type { SafeFetch } from './safe-fetcher';

/** Largest robots.txt read (RFC 9309 asks crawlers to parse at least 500 KiB). */
const MAX_ROBOTS_CHARS = 512 * 1024;
/** How long a parsed robots.txt is reused in this process (never longer than the Redis TTL). */
const MEMO_MS = 60_000;
/** Origins whose parsed robots.txt one process keeps. */
const MEMO_MAX = 1000;

type ParsedRobots = ReturnType<typeof robotsParser> | null;

/**
 * robots.txt per origin, cached in Redis with a TTL so every worker process shares one copy.
 * A 4xx (no robots.txt) allows everything; a 5xx or an unreachable host is transient (the fetch is
 * retried later), as RFC 9309 section 2.3.1 asks.
 */
export class RobotsCache {
  // Parsed per origin: a feed's entries share a host, so each job would otherwise re-read and
  // re-parse the same robots.txt.
  private readonly memo = new Map<string, { robots: ParsedRobots; expires: number }>();

  constructor(
    private readonly deps: {
      redis: Redis;
      keyPrefix: string;
      fetch: SafeFetch;
      userAgent: string;
      ttlSeconds: number;
    },
  ) {}

  /** Throws FetchError('robots_disallowed') when robots.txt disallows `url` for our user agent. */
  async assertAllowed(url: string): Promise<void> {
    if (!(await this.isAllowed(url))) {
      throw new FetchError('robots_disallowed', `robots.txt disallows ${url}`, true);
    }
  }

  /** Whether robots.txt of `url`'s origin allows fetching it. */
  async isAllowed(url: string): Promise<boolean> {
    const robots = await this.parsedRobots(new URL(url).origin);
    return robots === null || robots.isAllowed(url, this.productToken()) !== false;
  }

  private async parsedRobots(origin: string): Promise<ParsedRobots> {
    const now = Date.now();
    const memo = this.memo.get(origin);
    if (memo && memo.expires > now) return memo.robots;
    const robotsUrl = `${origin}/robots.txt`;
    const text = await this.robotsText(origin, robotsUrl);
    const robots = text === '' ? null : robotsParser(robotsUrl, text);
    if (this.deps.ttlSeconds > 0) {
      if (this.memo.size >= MEMO_MAX) this.memo.clear();
      this.memo.set(origin, { robots, expires: now + Math.min(MEMO_MS, this.deps.ttlSeconds * 1000) });
    }
    return robots;
  }

  private productToken(): string {
    return this.deps.userAgent.split('/')[0]?.trim() || this.deps.userAgent;
  }

  private async robotsText(origin: string, robotsUrl: string): Promise<string> {
    const key = `${this.deps.keyPrefix}:robots:${createHash('sha1').update(origin).digest('hex')}`;
    const cached = await this.deps.redis.get(key);
    if (cached !== null) return cached;
    let text = '';
    try {
      const res = await this.deps.fetch(robotsUrl, { accept: 'text/plain' });
      text = res.body.toString('utf8').slice(0, MAX_ROBOTS_CHARS);
    } catch (err) {
      const permanent4xx =
        err instanceof FetchError && err.code === 'http_status' && err.status !== undefined && err.status < 500;
      if (!permanent4xx) throw err;
    }
    if (this.deps.ttlSeconds > 0) await this.deps.redis.set(key, text, 'EX', this.deps.ttlSeconds);
    return text;
  }
}
