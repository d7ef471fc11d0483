export * from './domain-name';
export * from './params.schema';
export * from './pydantic-issues';
export * from './pattern-words';
