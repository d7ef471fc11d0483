export * from './domain-name';
export * from './params.schema';
export * from './pydantic-issues';
