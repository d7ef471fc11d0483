import type { ValidationIssue } from '../responses/error.schema';

/**
 * The one error family of the project. Anything thrown from a route, the query layer or the MCP
 * tools is either one of these (status and public body known) or is masked as a 500.
 */
export class AppError extends Error {
  /** HTTP status the error maps to. */
  readonly status: number;
  /** Stable snake_case code for logs and metrics. */
  readonly code: string;
  /** Whether `message` may be shown to the client. */
  readonly expose: boolean;

  constructor(message: string, opts: { status: number; code: string; expose?: boolean; cause?: unknown }) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = new.target.name;
    this.status = opts.status;
    this.code = opts.code;
    this.expose = opts.expose ?? opts.status < 500;
  }

  /** The public `detail` member of the error body. */
  get detail(): unknown {
    return this.expose ? this.message : 'Internal Server Error';
  }
}

/** 404: the resource (a trend, a route) does not exist. */
export class NotFoundError extends AppError {
  constructor(message = 'Not Found') {
    super(message, { status: 404, code: 'not_found' });
  }
}

/** One entry of a 422 body, as pydantic v2 writes it. */
export type { ValidationIssue };

/** 422: one or more request parameters are invalid; `issues` is the FastAPI-style `detail`. */
export class RequestValidationError extends AppError {
  constructor(readonly issues: ValidationIssue[]) {
    super('Request validation failed', { status: 422, code: 'validation_failed' });
  }

  override get detail(): unknown {
    return this.issues;
  }
}

/** 401: a key was presented and is unknown or revoked. */
export class UnauthorizedError extends AppError {
  constructor(message = 'Invalid API key') {
    super(message, { status: 401, code: 'unauthorized' });
  }
}

/** 429: the caller's quota is spent; `retryAfterSeconds` goes into `Retry-After`. */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('Rate limit exceeded', { status: 429, code: 'rate_limited' });
  }
}

/** 405: the path exists but not for this method. */
export class MethodNotAllowedError extends AppError {
  constructor(readonly allow: string) {
    super('Method Not Allowed', { status: 405, code: 'method_not_allowed' });
  }
}

/** The 503 detail when OpenSearch answered with an error (a shard failure, a missing index). */
export const SEARCH_FAILED_MESSAGE = 'Search backend failed to answer, try again shortly';

/** 503: a dependency (OpenSearch, Redis) is down or too slow. */
export class SearchUnavailableError extends AppError {
  constructor(message = 'Search backend unavailable, try again shortly', cause?: unknown) {
    super(message, { status: 503, code: 'search_unavailable', expose: true, cause });
  }
}
