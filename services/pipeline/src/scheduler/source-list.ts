import { readFileSync } from 'node:fs';
import Joi from 'joi';

/** One source the scheduler discovers periodically. */
export interface Source {
  id: string;
  name: string;
  feed_url: string;
}

const SOURCE_LIST_SCHEMA = Joi.object({
  sources: Joi.array()
    .items(
      Joi.object({
        id: Joi.string()
          .pattern(/^[a-z0-9][a-z0-9-]{0,62}$/)
          .required(),
        name: Joi.string().min(1).max(200).required(),
        feed_url: Joi.string()
          .uri({ scheme: ['http', 'https'] })
          .required(),
      }).unknown(true),
    )
    .unique('id')
    .required(),
}).unknown(true);

/** Reads and validates a source list file (`{sources: [{id, name, feed_url}]}`). */
export function loadSourceList(path: string): Source[] {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  const { value, error } = SOURCE_LIST_SCHEMA.validate(raw, { abortEarly: false }) as {
    value: { sources: Source[] };
    error?: Error;
  };
  if (error) throw new Error(`invalid source list ${path}: ${error.message}`);
  return value.sources.map((s) => ({ id: s.id, name: s.name, feed_url: s.feed_url }));
}
