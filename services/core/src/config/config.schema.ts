import Joi from 'joi';

/**
 * One joi schema over the environment. Every variable has a description and, where one is safe,
 * a default; `.env.example` documents the same list (a unit test keeps the two in step).
 */
export const CONFIG_SCHEMA = Joi.object({
  NODE_ENV: Joi.string().valid('development', 'production', 'test').default('development').description('Runtime mode.'),
  LOG_LEVEL: Joi.string()
    .valid('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent')
    .default('info')
    .description('pino log level.'),

  API_HOST: Joi.string().hostname().default('127.0.0.1').description('Address the API binds to.'),
  API_PORT: Joi.number().integer().min(0).max(65535).default(8080).description('Port of the REST API (and /mcp).'),
  API_PUBLIC_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .default('http://127.0.0.1:8080')
    .description('Base URL announced in the OpenAPI document.'),
  API_REQUEST_TIMEOUT_MS: Joi.number()
    .integer()
    .min(100)
    .max(60000)
    .default(1800)
    .description('Upper bound for answering any request; past it the API answers 503.'),
  API_CACHE_TTL_MS: Joi.number()
    .integer()
    .min(0)
    .max(600000)
    .default(5000)
    .description(
      'Longest time a cached answer (and its ETag) is reused within one data generation; 0 turns the response cache off.',
    ),
  API_CACHE_MAX_MB: Joi.number()
    .integer()
    .min(1)
    .max(4096)
    .default(32)
    .description('Memory the in-process response cache may use, in MiB.'),

  OPENSEARCH_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .default('http://127.0.0.1:9200')
    .description('OpenSearch node URL (credentials may be embedded).'),
  OPENSEARCH_INDEX_PREFIX: Joi.string()
    .pattern(/^[a-z][a-z0-9_-]{0,40}$/)
    .default('trendscope')
    .description('Prefix of every index and alias (tests use their own).'),
  OPENSEARCH_REQUEST_TIMEOUT_MS: Joi.number()
    .integer()
    .min(100)
    .max(120000)
    .default(1500)
    .description('Per-request time-out of the OpenSearch client for reads.'),
  OPENSEARCH_QUERY_TIMEOUT_MS: Joi.number()
    .integer()
    .min(50)
    .max(60000)
    .default(1000)
    .description('Server-side time-out put on search requests so slow queries are bounded.'),
  OPENSEARCH_MIGRATE_ON_START: Joi.boolean().default(true).description('Apply index migrations when a service starts.'),

  REDIS_URL: Joi.string()
    .uri({ scheme: ['redis', 'rediss'] })
    .default('redis://127.0.0.1:6379')
    .description('Redis URL (queues, schedules, rate limits, caches).'),
  REDIS_KEY_PREFIX: Joi.string()
    .pattern(/^[a-z][a-z0-9_-]{0,40}$/)
    .default('trendscope')
    .description('Prefix of every Redis key and BullMQ queue.'),

  HEALTH_TIMEOUT_MS: Joi.number()
    .integer()
    .min(50)
    .max(10000)
    .default(1500)
    .description('Time each /health dependency check may take before it counts as down.'),
}).unknown(true);
