import { CATEGORIES_SCHEMA, listCategories, NO_PARAMS } from '@trendscope/core';
import { renderCategories } from '../render/platform.renderer';
import { defineTool, type ToolDefinition } from './tool.types';

/** list_categories (GET /v1/categories). */
export const categoryTools: ToolDefinition[] = [
  defineTool({
    name: 'list_categories',
    title: 'Categories',
    description:
      'Lists every category of the taxonomy (technology, business, politics, world, health, sports, ' +
      'entertainment, other) with its IPTC Media Topic, its number of trends and their split by ' +
      'velocity, plus total_trends. Takes no arguments. Use it to see where activity is and which ' +
      'category values the other tools accept. Next: get_recent_trends or search_trends with ' +
      'category set.',
    params: { query: NO_PARAMS },
    output: CATEGORIES_SCHEMA,
    run: (deps) => listCategories(deps),
    render: (body) => renderCategories(body),
  }),
];
