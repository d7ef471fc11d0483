export * from './quota-windows';
export * from './quota-counter';
export * from './quota-batcher';
