import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Redis } from '@trendscope/core';
import { GenerationReader } from './generation-reader';

/**
 * One rendered answer: its JSON as UTF-8 bytes (encoded once, not on every response: for a cached
 * trend detail, re-encoding the text per request was the largest CPU cost of the answer), the
 * ETag that names it, and when it was read from OpenSearch (what it is as fresh as).
 */
export interface CachedAnswer {
  body: Buffer;
  etag: string;
  /** When the answer's read began (ms since the epoch): its data are as of then. */
  at: number;
  /** `at` as an HTTP date, formatted once for every response that sends it. */
  lastModified: string;
}

function answerOf(body: Buffer, etag: string, at: number): CachedAnswer {
  return { body, etag, at, lastModified: new Date(at).toUTCString() };
}

function render(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value), 'utf8');
}

function hash(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 27);
}

/**
 * Answers keyed by data generation + normalised query + time slot, kept in process. Detection bumps
 * the generation after it writes trends, so the next request misses and sees them at once; an
 * ingest alone does not bump it, so answers read from trends (lists, detail, search, categories,
 * a source's trends, content) stay cached while articles arrive. The time slot (API_CACHE_TTL_MS)
 * bounds how long any answer is reused: answers that depend on "now" (time windows, lag) and
 * answers counted from articles (stats, benefits, a source's article count), which lag an ingest
 * by at most one slot and say so (Last-Modified, Age). Identical concurrent misses share one
 * computation. Without a known generation (Redis down, or nothing written yet) nothing is cached
 * and the ETag is the hash of the body.
 */
export class ResponseCache {
  private readonly lru: LRUCache<string, CachedAnswer>;
  private readonly inflight = new Map<string, Promise<CachedAnswer>>();
  private readonly generations: GenerationReader;

  constructor(private readonly opts: { redis: Redis; keyPrefix: string; ttlMs: number; maxBytes: number }) {
    this.lru = new LRUCache<string, CachedAnswer>({
      maxSize: opts.maxBytes,
      sizeCalculation: (a) => a.body.length + 200,
      ttl: Math.max(opts.ttlMs, 1),
    });
    this.generations = new GenerationReader(opts.redis, opts.keyPrefix);
  }

  /** The current generation (read once per event-loop turn); null when Redis is slow or knows none. */
  generation(): Promise<string | null> {
    return this.generations.read();
  }

  /**
   * The ETag an answer for `key` will carry under `generation`, known before any search runs (so
   * If-None-Match can be answered without touching OpenSearch); null when it must come from the body.
   */
  etagFor(generation: string | null, key: string, now = Date.now()): string | null {
    if (generation === null || this.opts.ttlMs === 0) return null;
    return `"${hash(`${generation}|${Math.floor(now / this.opts.ttlMs)}|${key}`)}"`;
  }

  /** The kept answer named `etag`, if any (nothing is computed). */
  peek(etag: string): CachedAnswer | undefined {
    return this.lru.get(etag);
  }

  /** The answer named `etag` (from etagFor): from the cache when present, else computed and kept. */
  async get(etag: string | null, compute: () => Promise<unknown>): Promise<CachedAnswer> {
    if (etag === null) {
      const at = Date.now();
      const body = render(await compute());
      return answerOf(body, `"${hash(body)}"`, at);
    }
    const hit = this.lru.get(etag);
    if (hit) return hit;
    const pending = this.inflight.get(etag);
    if (pending) return pending;
    const work = (async () => {
      const at = Date.now();
      const answer = answerOf(render(await compute()), etag, at);
      this.lru.set(etag, answer);
      return answer;
    })();
    this.inflight.set(etag, work);
    try {
      return await work;
    } finally {
      this.inflight.delete(etag);
    }
  }
}
