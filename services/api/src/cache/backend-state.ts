import type { OpenSearchClient } from '@trendscope/core';

/** How long a known state of OpenSearch is trusted before a cached answer checks it again. */
const TRUST_MS = 1000;
/** Time a ping may take before OpenSearch counts as down. */
const PING_TIMEOUT_MS = 800;

/**
 * Whether OpenSearch is answering, so cached answers are not served as if all were well while it
 * is down (the contract says 503 then). Learned from every search the routes run; when the state
 * is older than a second, the next cached answer first pings OpenSearch (one ping shared by all
 * requests arriving meanwhile), so a stopped or hanging node shows within a second or two.
 */
export class BackendState {
  private up = true;
  private checkedAt = 0;
  private pending: Promise<void> | null = null;

  constructor(private readonly opensearch: OpenSearchClient) {}

  /** Records the outcome of a search the API ran. */
  record(ok: boolean): void {
    this.up = ok;
    this.checkedAt = Date.now();
  }

  /** True when OpenSearch answered its last search or ping (refreshed when older than a second). */
  async isUp(): Promise<boolean> {
    if (Date.now() - this.checkedAt > TRUST_MS) {
      this.pending ??= this.opensearch
        .ping({}, { requestTimeout: PING_TIMEOUT_MS })
        .then(
          () => this.record(true),
          () => this.record(false),
        )
        .finally(() => {
          this.pending = null;
        });
      await this.pending;
    }
    return this.up;
  }
}
