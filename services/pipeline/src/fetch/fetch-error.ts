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
 */
export class FetchError extends Error {
  constructor(
    readonly code: FetchErrorCode,
    message: string,
    readonly permanent: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'FetchError';
  }
}

/** Whether an HTTP status from a source is a permanent failure (4xx other than 408 and 429). */
export function isPermanentStatus(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}
