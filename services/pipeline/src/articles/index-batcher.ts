import { UnrecoverableError } from 'bullmq';
import {
  isIndexMissingError,
  locateDocuments,
  type ArticleDoc,
  type BodyDoc,
  type Logger,
  type OpenSearchClient,
} from '@trendscope/core';
import type { IndexOutage } from './index-outage';

/** A transient per-item failure of a bulk write (429, 5xx): the job is retried with backoff. */
export class BulkItemRetryableError extends Error {
  override name = 'BulkItemRetryableError';
}

/** One item of a `_bulk` answer. */
interface BulkItemResult {
  status: number;
  error?: { type?: string; reason?: string };
}

interface Pending {
  id: string;
  doc: ArticleDoc;
  resolve: () => void;
  reject: (err: Error) => void;
}

/** Options of the index batcher. */
export interface IndexBatcherOptions {
  opensearch: OpenSearchClient;
  /** The articles alias. */
  alias: string;
  /** The bodies alias: a retained body is written there, beside its article, in the same `_bulk`. */
  bodiesAlias: string;
  batchSize: number;
  /** How long the first document of a batch waits for others. */
  lingerMs?: number;
  logger: Logger;
  /** Where a missing alias is reported; while it lasts, no batch is sent. */
  outage?: IndexOutage;
  /**
   * The `refresh` of each `_bulk`: 'wait_for' (the default) resolves once the index's own periodic
   * refresh has made the batch searchable, true forces a refresh per batch, false does not wait.
   */
  refresh?: boolean | 'wait_for';
}

/**
 * Gathers the documents of concurrently running index jobs into one `_bulk` request, then settles each job by its own item result: written, retryable (429/5xx, thrown so BullMQ
 * retries that job alone) or rejected (a mapping error: unrecoverable, kept as a failed job).
 * Nothing is dropped silently. Writes go only through the alias (require_alias): with its index
 * gone they fail (retryable, the outage logged once) and no further batch is sent until the index
 * is back.
 *
 * A batch does not bump the data generation: what the API caches until the generation changes
 * (trend lists, detail, search, categories, sources) changes only when detection writes, and
 * detection bumps it. Answers counted from articles (/v1/stats, /v1/benefits) follow new
 * articles within the response cache's time slot (API_CACHE_TTL_MS). Bumping per batch emptied
 * every API process's cache about once a second under a steady ingest.
 *
 * A `_bulk` waits for the index's periodic refresh (refresh=wait_for) rather than forcing one: a
 * written article is still searchable when its job completes (detection and the tests read it at
 * once), while the documents arriving meanwhile gather into the next, larger request. A forced
 * refresh per request made OpenSearch spend 0.27 of a core on a 20 articles/s ingest against 0.16
 * (docs/benchmarks.md, "API while ingesting"), taken from the API on a busy machine.
 *
 * Articles are written as upserts that leave `trend_id` alone, so a replay does not undo the
 * trend assignment detection made.
 *
 * The body goes to the bodies index (its own retention period), never into the article document:
 * the article's `body` is written null, which also empties the body an article written before the
 * bodies index held, when it is fetched again. A job settles once both of its writes did; a body
 * no longer retained on a re-fetch is deleted, so the bodies index never serves what the article
 * says was not kept.
 */
export class IndexBatcher {
  private pending: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> | null = null;

  constructor(private readonly opts: IndexBatcherOptions) {}

  /** Resolves once `doc` is written and visible to searches. */
  write(id: string, doc: ArticleDoc): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ id, doc, resolve, reject });
      // While a request is in flight the documents gather; its end sends them as the next batch.
      if (this.inFlight) return;
      if (this.pending.length >= this.opts.batchSize) this.flushSoon(0);
      else if (!this.timer) this.flushSoon(this.opts.lingerMs ?? 50);
    });
  }

  /** Writes whatever is pending now and waits for every write in flight. */
  async drain(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.inFlight || this.pending.length > 0) {
      this.startWrite();
      await this.inFlight;
    }
  }

  private flushSoon(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.startWrite();
    }, delay);
  }

  /**
   * Sends up to a batch of pending documents unless a request is in flight. One bulk request at a
   * time per process keeps OpenSearch's write queue short, and the documents that arrive meanwhile
   * make the next request larger instead of adding requests (each with its own refresh).
   */
  private startWrite(): void {
    if (this.inFlight || this.pending.length === 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending.splice(0, this.opts.batchSize);
    this.inFlight = this.writeBatch(batch)
      .catch((err: Error) => {
        for (const p of batch) p.reject(new BulkItemRetryableError(`bulk write failed: ${err.message}`));
      })
      .finally(() => {
        this.inFlight = null;
        // These waited for the request that just ended: they go at once.
        this.startWrite();
      });
  }

  private async writeBatch(batch: Pending[]): Promise<void> {
    let items: Array<Record<string, BulkItemResult>>;
    const started = Date.now();
    try {
      await this.opts.outage?.assertWritable();
    } catch (err) {
      for (const p of batch) p.reject(err as Error);
      return;
    }
    // The bulk items of each pending document, in order (its body's, then its article's).
    const itemsOf: number[][] = [];
    try {
      // An article seen before is updated in the monthly index that holds it, not copied into the
      // current month's (the alias's write index), so a re-fetch never stores it twice; so is its body.
      const ids = batch.map((p) => p.id);
      const located = await locateDocuments(this.opts.opensearch, this.opts.alias, ids);
      const bodyAt = await locateDocuments(this.opts.opensearch, this.opts.bodiesAlias, ids);
      const body: unknown[] = [];
      for (const { id, doc } of batch) {
        const items: number[] = [];
        const retained = doc.content_retained && doc.body !== null;
        const bodyIndex = bodyAt.get(id);
        const bodyMeta = bodyIndex ? { _index: bodyIndex, require_alias: false } : { _index: this.opts.bodiesAlias };
        if (retained) {
          items.push(body.length / 2);
          const bodyDoc: BodyDoc = { fetched_at: doc.fetched_at, body: doc.body! };
          body.push({ index: { ...bodyMeta, _id: id } }, bodyDoc);
        } else if (bodyIndex) {
          items.push(body.length / 2);
          body.push({ delete: { ...bodyMeta, _id: id } }, null);
        }
        const article: ArticleDoc = { ...doc, body: null };
        const { trend_id: _trendId, ...update } = article;
        const at = located.get(id);
        const meta = at ? { _index: at, require_alias: false } : { _index: this.opts.alias };
        items.push(body.length / 2);
        body.push({ update: { ...meta, _id: id, retry_on_conflict: 3 } }, { doc: update, upsert: article });
        itemsOf.push(items);
      }
      // A delete has no source line.
      const lines = body.filter((line) => line !== null);
      const refresh = this.opts.refresh ?? 'wait_for';
      const res = await this.opts.opensearch.bulk({ body: lines, refresh, require_alias: true } as Parameters<
        OpenSearchClient['bulk']
      >[0]);
      items = (res.body as { items: typeof items }).items;
    } catch (err) {
      for (const p of batch) p.reject(new BulkItemRetryableError(`bulk request failed: ${(err as Error).message}`));
      return;
    }
    let written = 0;
    batch.forEach((p, i) => {
      const failure = this.firstFailure(itemsOf[i]!.map((n) => items[n]));
      if (!failure) {
        written++;
        return p.resolve();
      }
      if ('missing' in failure)
        return p.reject(new BulkItemRetryableError('no result for this item in the bulk response'));
      const { result, action } = failure;
      const alias = action === 'update' ? this.opts.alias : this.opts.bodiesAlias;
      const reason = `${result.status} ${result.error?.type ?? ''}: ${result.error?.reason ?? ''}`.slice(0, 500);
      if (this.opts.outage && isIndexMissingError(result)) return p.reject(this.opts.outage.lost(alias, reason));
      if (result.status === 429 || result.status >= 500) return p.reject(new BulkItemRetryableError(reason));
      this.opts.logger.warn({ id: p.id, alias, reason }, 'document rejected by OpenSearch');
      p.reject(new UnrecoverableError(`document rejected: ${reason}`));
    });
    this.opts.logger.debug({ size: batch.length, written, ms: Date.now() - started }, 'bulk batch written');
  }

  /** The first failed item of one document's writes; null when all succeeded (a body to delete already gone counts). */
  private firstFailure(
    results: readonly (Record<string, BulkItemResult> | undefined)[],
  ): { action: string; result: BulkItemResult } | { missing: true } | null {
    for (const item of results) {
      const entry = item ? Object.entries(item)[0] : undefined;
      if (!entry) return { missing: true };
      const [action, result] = entry;
      if (result.status < 300 || (action === 'delete' && result.status === 404 && !result.error)) continue;
      return { action, result };
    }
    return null;
  }
}
