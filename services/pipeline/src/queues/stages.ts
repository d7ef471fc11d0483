/** The pipeline's stages; each has its own BullMQ queue and workers. */
export const STAGES = ['discover', 'fetch', 'process', 'index', 'detect'] as const;

/** One stage. */
export type Stage = (typeof STAGES)[number];

/** The stages an article flows through, in order (detect runs on its own schedule). */
export const ARTICLE_STAGES = ['discover', 'fetch', 'process', 'index'] as const satisfies readonly Stage[];

/** The routing table: which stage receives what a stage produces (null: the end of the line). */
export const NEXT_STAGE: Readonly<Record<Stage, Stage | null>> = Object.freeze({
  discover: 'fetch',
  fetch: 'process',
  process: 'index',
  index: null,
  detect: null,
});
