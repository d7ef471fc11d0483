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

/** Body of GET /health (200 and 503 alike). */
export const HEALTH_SCHEMA = Type.Object({
  status: oneOf(['ok', 'degraded'] as const, 'ok when every dependency is up.'),
  version: text('Service version.'),
  checks: Type.Object(
    { opensearch: DEPENDENCY_CHECK_SCHEMA, redis: DEPENDENCY_CHECK_SCHEMA },
    { description: 'State of each dependency.' },
  ),
});

/** Body of GET /health. */
export type HealthResponse = Static<typeof HEALTH_SCHEMA>;
