import type { ApiKeyRepository, Logger } from '@trendscope/core';

/** Least time between two writes of one key's last_used_at by one process. */
const WRITE_EVERY_MS = 60_000;
/** Delay before a batch of first uses is written, so a burst becomes one bulk request. */
const FLUSH_DELAY_MS = 2_000;

/**
 * Records when keys were used, off the request path: a key's last_used_at is written at most once
 * a minute per process, batched into one bulk update a couple of seconds after its first use.
 */
export class LastUsedRecorder {
  private readonly written = new Map<string, number>();
  private readonly pending = new Map<string, string>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly repo: ApiKeyRepository,
    private readonly logger: Logger,
  ) {}

  /** Notes a use of key `id` at `nowMs`. */
  note(id: string, nowMs: number = Date.now()): void {
    if ((this.written.get(id) ?? -Infinity) + WRITE_EVERY_MS > nowMs) return;
    this.written.set(id, nowMs);
    this.pending.set(id, new Date(nowMs).toISOString());
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_DELAY_MS).unref();
  }

  /** Writes what is pending now. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = new Map(this.pending);
    this.pending.clear();
    try {
      await this.repo.touchLastUsed(batch);
    } catch (err) {
      this.logger.warn({ err: (err as Error).message, keys: batch.size }, 'could not record key use');
    }
  }
}
