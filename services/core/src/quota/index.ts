export * from './quota-windows';
export * from './quota-store';
export * from './quota-service';
export * from './quota-batcher';
export * from './quota-leases';
