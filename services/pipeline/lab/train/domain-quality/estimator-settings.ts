import type { EstimatorOptions } from './train-domain-estimator';

/** Settings of the committed estimator, chosen by k-fold over rated domains (validate-estimator.ts). */
export const ESTIMATOR_OPTIONS: Partial<EstimatorOptions> = { lambda: 3 };
