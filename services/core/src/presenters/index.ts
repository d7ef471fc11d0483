export * from './timestamp';
export * from './trend.presenter';
export * from './trend-detail.presenter';
export * from './document.presenter';
export * from './source.presenter';
