import Joi from 'joi';
import { FETCH_METHODS } from '@trendscope/core';
import type { Stage } from '../queues/stages';

// WHATWG URL parsing, as the fetcher does: joi's RFC 3986 check refuses real URLs that browsers
// and publishers use (non-ASCII paths, unescaped quotes).
const httpUrl = Joi.string()
  .max(4096)
  .custom((value: string, helpers) => {
    if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) return helpers.error('string.uri');
    return value;
  });
const nullableText = (max: number) => Joi.string().allow('', null).max(max);

const entry = Joi.object({
  id: nullableText(4096),
  url: httpUrl.required(),
  title: nullableText(4096),
  summary_html: nullableText(200_000),
  content_html: nullableText(1_000_000),
  author: nullableText(1024),
  published: nullableText(128),
  categories: Joi.array().items(Joi.string().max(256)).max(100).default([]),
});

/** The joi schema of each stage's job data; a job that fails it is dropped as unrecoverable. */
export const JOB_SCHEMAS: Readonly<Record<Stage, Joi.ObjectSchema>> = Object.freeze({
  discover: Joi.object({
    source_id: Joi.string().min(1).max(200).required(),
    feed_url: httpUrl.required(),
  }),
  fetch: Joi.object({
    source_id: Joi.string().min(1).max(200).required(),
    feed_url: httpUrl.required(),
    feed_format: Joi.string().max(64).required(),
    entry: entry.required(),
  }),
  process: Joi.object({
    source_id: Joi.string().min(1).max(200).required(),
    feed_url: httpUrl.required(),
    entry: entry.required(),
    fetch_method: Joi.string()
      .valid(...FETCH_METHODS)
      .required(),
    page: Joi.object({
      key: Joi.string().max(300).required(),
      url: httpUrl.required(),
      content_type: Joi.string().allow(null).max(300),
    }).allow(null),
    page_error: nullableText(2000),
  }),
  index: Joi.object({
    id: Joi.string()
      .pattern(/^[a-f0-9]{64}$/)
      .required(),
    doc: Joi.object({ canonical_url: httpUrl.required(), title: Joi.string().allow('').required() })
      .unknown(true)
      .required(),
  }),
  detect: Joi.object({ now: Joi.string().isoDate() }),
  snapshot: Joi.object({}),
});
