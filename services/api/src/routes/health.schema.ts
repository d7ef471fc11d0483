import { defineRoute } from './route-spec';

/** GET /health. */
export const HEALTH_ROUTE = defineRoute({
  operationId: 'getHealth',
  path: '/health',
  tag: 'platform',
  summary: 'Service and dependency health',
  description:
    '200 with `status: ok` when OpenSearch and Redis answer and every index alias resolves to an index; 503 with ' +
    'the same shape and `status: degraded` when one does not, naming it in `checks` (`checks.indices.missing` ' +
    'lists the aliases without an index). Never cached.',
  response: 'Health',
});
