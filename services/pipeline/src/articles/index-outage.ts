import { missingAliases, type IndexNames, type Logger, type OpenSearchClient } from '@trendscope/core';

/** A write not sent (or refused) because an alias it goes through resolves to no index. */
export class IndexMissingError extends Error {
  override name = 'IndexMissingError';
}

/** How often, during an outage, the aliases are looked up again before writes resume. */
const RECHECK_MS = 5000;

/**
 * The pipeline's view of a lost index. A write refused for a missing alias (require_alias) starts
 * an outage: it is logged once, and from then on `assertWritable` refuses every write without
 * sending it (the jobs are retried later) until a look-up, at most every five seconds, finds every
 * alias back; that is logged once too, with the outage's length and the writes refused.
 */
export class IndexOutage {
  private since: number | undefined;
  private missing: string[] = [];
  private refused = 0;
  private checkedAt = 0;
  private checking: Promise<void> | null = null;

  constructor(
    private readonly opts: {
      opensearch: OpenSearchClient;
      names: IndexNames;
      logger: Logger;
      now?: () => number;
      recheckMs?: number;
    },
  ) {}

  /** Whether an outage is under way. */
  get down(): boolean {
    return this.since !== undefined;
  }

  /** A write was refused because `alias` resolves to no index: the first of an outage is logged. */
  lost(alias: string, reason: string): IndexMissingError {
    this.refused++;
    if (this.since === undefined) {
      this.since = this.now();
      this.checkedAt = this.since;
      this.missing = [alias];
      this.opts.logger.error(
        { alias, reason: reason.slice(0, 300) },
        'index missing behind an alias; pipeline writes stopped until it is restored (docs/operations.md, "A lost index")',
      );
    }
    return new IndexMissingError(`no index behind ${alias}: write not made (restore the index)`);
  }

  /** Throws IndexMissingError while an outage lasts (the aliases are looked up again now and then). */
  async assertWritable(): Promise<void> {
    if (this.since === undefined) return;
    if (this.now() - this.checkedAt >= (this.opts.recheckMs ?? RECHECK_MS)) {
      this.checking ??= this.recheck().finally(() => {
        this.checking = null;
      });
      await this.checking;
    }
    if (this.since !== undefined) {
      this.refused++;
      throw new IndexMissingError(`no index behind ${this.missing.join(', ')}: write not made (restore the index)`);
    }
  }

  private async recheck(): Promise<void> {
    this.checkedAt = this.now();
    const missing = await missingAliases(this.opts.opensearch, this.opts.names).catch(() => this.missing);
    if (missing.length > 0) {
      this.missing = missing;
      return;
    }
    const since = this.since ?? this.now();
    this.opts.logger.warn(
      { down_ms: this.now() - since, refused: this.refused },
      'every index alias resolves again; pipeline writes resumed',
    );
    this.since = undefined;
    this.refused = 0;
    this.missing = [];
  }

  private now(): number {
    return this.opts.now?.() ?? Date.now();
  }
}
