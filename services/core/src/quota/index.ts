export * from './quota-windows';
export * from './quota-counter';
