export * from './trend-summary.schema';
export * from './trend-detail.schema';
export * from './trend-lists.schema';
export * from './content.schema';
export * from './platform.schema';
export * from './health.schema';
export * from './error.schema';
export * from './response-schemas';
