import { createHash } from 'node:crypto';
import robotsParser from 'robots-parser';
import type { Redis } from 'ioredis';
import { FetchError } from './fetch-error';
import type { SafeFetch } from './safe-fetcher';

/** Largest robots.txt read (RFC 9309 asks crawlers to parse at least 500 KiB). */
const MAX_ROBOTS_CHARS = 512 * 1024;

/**
 * robots.txt per origin, cached in Redis with a TTL so every worker process shares one copy.
 * A 4xx (no robots.txt) allows everything; a 5xx or an unreachable host is transient (the fetch is
 * retried later), as RFC 9309 section 2.3.1 asks.
 */
export class RobotsCache {
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
    const origin = new URL(url).origin;
    const robotsUrl = `${origin}/robots.txt`;
    const text = await this.robotsText(origin, robotsUrl);
    if (text === '') return true;
    const parsed = robotsParser(robotsUrl, text);
    return parsed.isAllowed(url, this.productToken()) !== false;
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
