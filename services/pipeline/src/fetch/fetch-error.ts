/** Why a fetch failed. */
export type FetchErrorCode =
  | 'bad_url'
  | 'blocked_address'
  | 'dns'
  | 'network'
  | 'timeout'
  | 'too_large'
  | 'too_many_redirects'
  | 'http_status'
  | 'robots_disallowed';

/**
 * A failed fetch. `permanent` failures (refused address, 4xx other than 429, size or redirect cap,
 * robots) are not worth retrying; the others (time-out, network, 5xx, 429) are.
 *
 * It carries no stack trace: it describes the remote source, not a fault in this code, and it is
 * ordinary control flow (a page that is gone falls back to the feed's content), so capturing a
 * stack for each was measurable CPU in replays where most pages do not exist.
 */
export class FetchError extends Error {
  readonly code: FetchErrorCode;
  readonly permanent: boolean;
  readonly status?: number;

  constructor(code: FetchErrorCode, message: string, permanent: boolean, status?: number) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = 'FetchError';
    this.code = code;
    this.permanent = permanent;
    if (status !== undefined) this.status = status;
  }
}

/** Whether an HTTP status from a source is a permanent failure (4xx other than 408 and 429). */
export function isPermanentStatus(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}
