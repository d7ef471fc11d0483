import { defineRoute } from './route-spec';

/** GET /health. */
export const HEALTH_ROUTE = defineRoute({
  operationId: 'getHealth',
  path: '/health',
  tag: 'platform',
  summary: 'Service and dependency health',
  description:
    '200 with `status: ok` when OpenSearch and Redis answer; 503 with the same shape and `status: degraded` when ' +
    'one does not, naming it in `checks`. Never cached.',
  response: 'Health',
});
