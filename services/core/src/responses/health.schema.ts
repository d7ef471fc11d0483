import { Type, type Static } from '@sinclair/typebox';
import { count, oneOf, text } from './schema-parts';

/** The state of one dependency as /health reports it. */
export const DEPENDENCY_CHECK_SCHEMA = Type.Object({
  status: oneOf(['up', 'down'] as const, 'Whether the dependency answered in time.'),
  latency_ms: count('Time the check took.'),
  error: Type.Optional(text('Kind of failure when down.')),
});

/** The state of one dependency. */
export type DependencyCheck = Static<typeof DEPENDENCY_CHECK_SCHEMA>;

/** The indices check: every alias resolves to an index, else the ones that do not are named. */
export const INDICES_CHECK_SCHEMA = Type.Object({
  ...DEPENDENCY_CHECK_SCHEMA.properties,
  missing: Type.Optional(
    Type.Array(text('An alias that resolves to no index.'), {
      description: 'The aliases that resolve to no index (a lost index); absent when all resolve.',
    }),
  ),
});

/** The state of the indices behind the aliases. */
export type IndicesCheck = Static<typeof INDICES_CHECK_SCHEMA>;

/** Body of GET /health (200 and 503 alike). */
export const HEALTH_SCHEMA = Type.Object({
  status: oneOf(['ok', 'degraded'] as const, 'ok when every dependency is up.'),
  version: text('Service version.'),
  checks: Type.Object(
    { opensearch: DEPENDENCY_CHECK_SCHEMA, redis: DEPENDENCY_CHECK_SCHEMA, indices: INDICES_CHECK_SCHEMA },
    { description: 'State of each dependency.' },
  ),
});

/** Body of GET /health. */
export type HealthResponse = Static<typeof HEALTH_SCHEMA>;
