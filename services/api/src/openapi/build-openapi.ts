import { RESPONSE_SCHEMAS, SERVICE_VERSION, type ResponseName } from '@trendscope/core';
import { ALLOWED_METHODS } from '../middleware/method-guard.middleware';
import { openapiPath, type JsonSchema, type RouteSpec } from '../routes/route-spec';
import { joiToParameters } from './joi-to-parameters';

/** A reference to one of core's response schemas, published as a component. */
const ref = (name: ResponseName): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

const json = (schema: JsonSchema, description: string, headers?: Record<string, unknown>): JsonSchema => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema } },
});

const READ_HEADERS = {
  ETag: { description: 'Names this answer; send it back in If-None-Match to get 304.', schema: { type: 'string' } },
  'Cache-Control': {
    description: 'public, no-cache: store, but revalidate with the ETag.',
    schema: { type: 'string' },
  },
  'Last-Modified': {
    description:
      'When the data of this answer were read (HTTP date). Answers read from trends change when detection ' +
      "writes; counts of articles (/v1/stats, /v1/benefits, a source's `articles`) follow an ingest and " +
      'may lag it by up to the cache slot (5 s by default).',
    schema: { type: 'string' },
  },
  Age: {
    description: 'Whole seconds since Last-Modified: how long this answer has been kept.',
    schema: { type: 'integer', minimum: 0 },
  },
  'x-request-id': {
    description: 'Id of this request (quote it when reporting a problem).',
    schema: { type: 'string' },
  },
};

const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': {
    description:
      'The caller\'s quotas as structured fields (draft-ietf-httpapi-ratelimit-headers): `"minute";q=60;w=60, "day";q=2000;w=86400`.',
    schema: { type: 'string' },
  },
  RateLimit: {
    description:
      'What remains of each window (`r`) and the seconds until it resets (`t`): `"minute";r=41;t=17, "day";r=1710;t=50311`.',
    schema: { type: 'string' },
  },
};

/** Keys are optional: an operation may be called with no key, a Bearer key or an X-API-Key. */
const OPTIONAL_KEY = [{}, { bearerKey: [] }, { headerKey: [] }];

const SECURITY_SCHEMES = {
  bearerKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API key (`ts_live_...`) as `Authorization: Bearer <key>`. Optional: it raises the quota, never changes an answer.',
  },
  headerKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description: 'The same API key in `X-API-Key`. Never in the URL: a key in the query string is refused.',
  },
};

/** The answers every counted operation may give: a refused key, a spent quota. */
const QUOTA_RESPONSES: Record<string, JsonSchema> = {
  '401': json(
    ref('Error'),
    'A key was presented and is malformed, unknown, revoked or past its grace: `{"detail": "Invalid API key"}`.',
    {
      'WWW-Authenticate': {
        description:
          'The refused key, as RFC 6750 says it: `Bearer realm="trendscope", error="invalid_token", error_description="Invalid API key"`.',
        schema: { type: 'string' },
      },
      ...RATE_LIMIT_HEADERS,
    },
  ),
  '429': json(ref('Error'), 'A quota window is spent: `{"detail": "Rate limit exceeded"}`.', {
    'Retry-After': {
      description: 'Whole seconds until the window that refused resets (at least 1).',
      schema: { type: 'integer', minimum: 1 },
    },
    ...RATE_LIMIT_HEADERS,
  }),
};

/**
 * Every path answers only GET, HEAD and OPTIONS (method-guard.middleware.ts); any other method is
 * refused (counted like any answer on a counted path). OpenAPI declares answers per operation, so the refusal is
 * declared on each path's one operation, where clients and checkers look for it.
 */
const METHOD_NOT_ALLOWED: JsonSchema = json(
  ref('Error'),
  `Another method than ${ALLOWED_METHODS} on this path: \`{"detail": "Method Not Allowed"}\`.`,
  { Allow: { description: `The methods this path answers: \`${ALLOWED_METHODS}\`.`, schema: { type: 'string' } } },
);

function operation(spec: RouteSpec): JsonSchema {
  const parameters = [...joiToParameters(spec.pathParams, 'path'), ...joiToParameters(spec.query, 'query')];
  const isHealth = spec.operationId === 'getHealth';
  const responses: Record<string, JsonSchema> = {
    // /health spends no quota but says how the caller's stands (quota.middleware.ts).
    '200': json(
      ref(spec.response),
      'Success.',
      isHealth ? RATE_LIMIT_HEADERS : { ...READ_HEADERS, ...RATE_LIMIT_HEADERS },
    ),
    ...(isHealth ? {} : QUOTA_RESPONSES),
  };
  if (!isHealth) {
    responses['304'] = {
      description: 'Not modified: the If-None-Match ETag is still current.',
      headers: { ...READ_HEADERS, ...RATE_LIMIT_HEADERS },
    };
  }
  if (spec.notFound) responses['404'] = json(ref('Error'), `Not found: \`{"detail": "${spec.notFound}"}\`.`);
  if (parameters.length > 0) {
    responses['422'] = json(
      ref('ValidationError'),
      'A parameter is invalid; `detail` lists every failing one (FastAPI format).',
    );
  }
  responses['405'] = METHOD_NOT_ALLOWED;
  responses['503'] = isHealth
    ? json(ref('Health'), 'A dependency is down; `checks` names it.', RATE_LIMIT_HEADERS)
    : json(ref('Error'), 'The search backend is unavailable or too slow; retry shortly.', {
        'Retry-After': { description: 'Seconds to wait before retrying (1).', schema: { type: 'integer', minimum: 1 } },
      });
  return {
    operationId: spec.operationId,
    tags: [spec.tag],
    summary: spec.summary,
    description: spec.description,
    parameters,
    responses,
    // /health is not counted and needs no key.
    security: isHealth ? [] : OPTIONAL_KEY,
  };
}

/** The OpenAPI 3.1 document of the API, built from the same route specs and joi schemas that validate. */
export function buildOpenApi(specs: readonly RouteSpec[], serverUrl: string): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  for (const spec of specs) paths[openapiPath(spec.path)] = { get: operation(spec) };
  paths['/docs/openapi.json'] = {
    get: {
      operationId: 'getOpenApi',
      tags: ['platform'],
      summary: 'This document',
      description: 'The OpenAPI 3.1 description of the API; /docs renders it as a page.',
      parameters: [],
      security: [],
      responses: {
        '200': json({ type: 'object' }, 'The OpenAPI document.', RATE_LIMIT_HEADERS),
        '405': METHOD_NOT_ALLOWED,
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Trendscope API',
      version: SERVICE_VERSION,
      summary: 'What is trending in published news, and why, with proof.',
      description:
        'Read-only trend intelligence: trends detected from published articles, scored for business impact and ' +
        'source quality, with their sources. All endpoints are GET and answer JSON; errors carry `detail`. ' +
        'Answers carry an ETag: send it back in If-None-Match to get 304 when nothing changed. ' +
        'No key is needed; an API key (Authorization: Bearer or X-API-Key) raises the quota. Answers carry ' +
        'RateLimit-Policy and RateLimit (/health, this document and CORS preflights spend no quota); past a quota ' +
        'the answer is ' +
        '429 with Retry-After.',
    },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    servers: [{ url: serverUrl, description: 'This deployment' }],
    tags: [
      { name: 'trends', description: 'Trends and their content.' },
      { name: 'search', description: 'Full-text search over trends.' },
      { name: 'sources', description: 'Trends by publisher.' },
      { name: 'platform', description: 'Categories, statistics, health.' },
    ],
    paths,
    components: { schemas: RESPONSE_SCHEMAS, securitySchemes: SECURITY_SCHEMES },
  };
}
