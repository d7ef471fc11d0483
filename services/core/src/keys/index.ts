export * from './api-key-format';
export * from './api-key-hash';
export * from './api-key-events';
export * from './api-key-input';
export * from './api-key.document';
export * from './api-key.repository';
export * from './api-keys.service';
export * from './security-log';
