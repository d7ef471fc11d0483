import { AppError } from '@trendscope/core';

/** 403: a form post without the browser's CSRF token (or from another site). */
export class ForbiddenFormError extends AppError {
  constructor() {
    super('This form has expired or did not come from this site. Reload the page and try again.', {
      status: 403,
      code: 'csrf_failed',
    });
  }
}
