import { missingAliases, type IndexNames, type OpenSearchClient } from '@trendscope/core';

/** How long a known state of OpenSearch is trusted before a cached answer checks it again. */
const TRUST_MS = 1000;
/** Time the check may take before OpenSearch counts as down. */
const CHECK_TIMEOUT_MS = 800;

/**
 * Whether OpenSearch is answering with every index in place, so cached answers are not served as
 * if all were well while it is down or an index is lost (the contract says 503 then). Learned from
 * every search the routes run; when the state is older than a second, the next cached answer first
 * asks OpenSearch which aliases resolve (one `_alias` request shared by all requests arriving
 * meanwhile), so a stopped or hanging node, or a deleted index, shows within a second or two.
 */
export class BackendState {
  private up = true;
  private checkedAt = 0;
  private pending: Promise<void> | null = null;

  constructor(
    private readonly opensearch: OpenSearchClient,
    private readonly names: IndexNames,
  ) {}

  /** Records the outcome of a search the API ran. */
  record(ok: boolean): void {
    this.up = ok;
    this.checkedAt = Date.now();
  }

  /** True when OpenSearch answered its last search or check with every alias in place (refreshed when older than a second). */
  async isUp(): Promise<boolean> {
    if (Date.now() - this.checkedAt > TRUST_MS) {
      this.pending ??= missingAliases(this.opensearch, this.names, { timeoutMs: CHECK_TIMEOUT_MS })
        .then(
          (missing) => this.record(missing.length === 0),
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
