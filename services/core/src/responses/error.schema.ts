import { Type, type Static } from '@sinclair/typebox';
import { looseObject, text } from './schema-parts';

/** One failing parameter of a 422 (pydantic v2's error item). */
export const VALIDATION_ISSUE_SCHEMA = Type.Object(
  {
    type: text(
      'pydantic error type: missing, int_parsing, float_parsing, greater_than_equal, less_than_equal, literal_error, ' +
        'string_too_short, string_too_long, string_pattern_mismatch.',
    ),
    loc: Type.Unsafe<[string, string]>({
      type: 'array',
      items: { type: 'string' },
      minItems: 2,
      maxItems: 2,
      description: 'Where the parameter is ("query" or "path") and its name.',
    }),
    msg: text('Human-readable reason, as pydantic v2 words it.'),
    input: Type.Unsafe<string | null>({
      type: ['string', 'null'],
      description: 'The raw value the client sent; null when missing.',
    }),
    ctx: Type.Optional(
      looseObject('The bound or expected values (ge, le, expected, pattern, min_length, max_length).'),
    ),
  },
  { description: 'One failing parameter.' },
);

/** One failing parameter of a 422. */
export type ValidationIssue = Static<typeof VALIDATION_ISSUE_SCHEMA>;

/** Body of a 422: one entry per failing parameter (FastAPI format). */
export const VALIDATION_ERROR_SCHEMA = Type.Object(
  { detail: Type.Array(VALIDATION_ISSUE_SCHEMA) },
  { description: 'One entry per failing parameter.' },
);

/** Body of every other error (404, 405, 503, ...). */
export const ERROR_SCHEMA = Type.Object({ detail: text('What went wrong, for a person.') });
