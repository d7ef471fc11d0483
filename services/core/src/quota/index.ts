export * from './quota-windows';
export * from './quota-counter';
export * from './quota-batcher';
export * from './quota-leases';
