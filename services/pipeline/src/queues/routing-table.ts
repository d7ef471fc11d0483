import { PIPELINE_STAGE_NAMES, type PipelineStageName } from '@trendscope/core';

/** The pipeline's stages; each has its own BullMQ queue and workers (declared in the configuration). */
export const STAGES = PIPELINE_STAGE_NAMES;

/** One stage. */
export type Stage = PipelineStageName;

/** The stages an article flows through, in order (detect, snapshot and retention run on their own schedules). */
export const ARTICLE_STAGES = ['discover', 'fetch', 'process', 'index'] as const satisfies readonly Stage[];

/** The routing table: which stage receives what a stage produces (null: the end of the line). */
export const NEXT_STAGE: Readonly<Record<Stage, Stage | null>> = Object.freeze({
  discover: 'fetch',
  fetch: 'process',
  process: 'index',
  index: null,
  detect: null,
  snapshot: null,
  retention: null,
});

/**
 * Stages that, by configuration, run inside the job of the stage before them instead of as a job
 * of their own: `index` with PIPELINE_INDEX_INLINE (the batcher gathers the documents of the
 * process jobs running alongside, so a queued hop would only add Redis round trips and a copy of
 * every document in Redis).
 */
export function runsInline(stage: Stage, pipeline: { indexInline: boolean }): boolean {
  return stage === 'index' && pipeline.indexInline;
}

/** The queue whose completed jobs are the articles written: index, or process when index runs inline. */
export function lastArticleQueue(pipeline: { indexInline: boolean }): Stage {
  return runsInline('index', pipeline) ? 'process' : 'index';
}
