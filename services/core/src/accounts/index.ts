export * from './email-address';
