import { BENEFITS_SCHEMA, getBenefits, getStats, NO_PARAMS, STATS_SCHEMA } from '@trendscope/core';
import { renderMetrics } from '../render/platform.renderer';
import { defineTool, type ToolDefinition } from './tool.types';

/** get_benefits (GET /v1/benefits) and get_stats (GET /v1/stats). */
export const metricsTools: ToolDefinition[] = [
  defineTool({
    name: 'get_benefits',
    title: 'Coverage of the service',
    description:
      'Says what the service has gathered, measured from its indices: number of trends, of retained ' +
      'article bodies, of publishers and of source URLs, and how articles were obtained: fetch_methods ' +
      '(how many distinct methods) and fetch_method_counts (articles per method, unused ones left out). A value that cannot be measured yet is null, never 0. Takes no arguments. Use ' +
      'it to judge how much evidence stands behind the trends; get_stats tells how fresh it is.',
    params: { query: NO_PARAMS },
    output: BENEFITS_SCHEMA,
    run: (deps) => getBenefits(deps),
    render: (body) => renderMetrics('Trendscope coverage:', body),
  }),
  defineTool({
    name: 'get_stats',
    title: 'Platform statistics and freshness',
    description:
      'Returns counts and freshness of the served data: trends in total and per velocity, articles ' +
      '(total, with retained body, fetched in the last 24 h), publishers, and when the last article, ' +
      'trend update and pipeline run happened (lag_seconds: how old the newest data is). Unmeasured ' +
      'values are null. Takes no arguments. Use it to check that the data is current before ' +
      'relying on "recent" trends.',
    params: { query: NO_PARAMS },
    output: STATS_SCHEMA,
    run: (deps) => getStats(deps),
    render: (body) => renderMetrics('Trendscope statistics:', body),
  }),
];
