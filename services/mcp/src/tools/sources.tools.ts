import {
  getSource,
  getSourceTrends,
  NO_PARAMS,
  SOURCE_PARAMS,
  SOURCE_PATH_PARAMS,
  SOURCE_SCHEMA,
  SOURCE_TRENDS_SCHEMA,
} from '@trendscope/core';
import { renderSource } from '../render/source.renderer';
import { renderSourceTrends } from '../render/trends.renderer';
import { defineTool, type ToolDefinition } from './tool.types';

/** get_source (GET /v1/sources/{domain}) and get_source_trends (GET /v1/sources/{domain}/trending). */
export const sourceTools: ToolDefinition[] = [
  defineTool({
    name: 'get_source',
    title: "A source's quality score and its parts",
    description:
      'Tells how trustworthy one publisher domain is: quality_score (1.0-10.0, the same number trends average ' +
      'into domain_quality_score) and quality_breakdown, which shows how it was made: the published expert ' +
      'rating when one exists (rated true, rating {source, value 0-1}; Lin et al. 2023), else an estimate ' +
      'learned from rated outlets with its 80 % interval (estimate_interval) and the headlines and stories it ' +
      'rests on, moved a little by what the pipeline observed on fetched pages (author and date shares, ' +
      'originality, extraction, HTTPS; headline-only feed items do not count) with the weights used; plus its ' +
      'article and trend counts and first/last ' +
      'seen. The domain is a hostname such as "reuters.com" (case, a leading "www." and IDNs are normalised). ' +
      'Sources are named by their registrable domain, as citations show them ("cnn.com", not "edition.cnn.com"). ' +
      'A domain whose articles are stored but not yet scored answers with quality_score, quality_breakdown and ' +
      'rated null. A domain never seen is an error (Source not found; for a subdomain it names the domain to ask ' +
      'for). ' +
      'Next: get_source_trends for its trends.',
    params: { path: SOURCE_PATH_PARAMS, query: NO_PARAMS },
    output: SOURCE_SCHEMA,
    run: (deps, args) => getSource(deps, args),
    render: (body) => renderSource(body),
  }),
  defineTool({
    name: 'get_source_trends',
    title: 'Trends reported by a source',
    description:
      'Lists the trends that one publisher domain reported (at least one citation), most recent ' +
      'first. Each item is a trend summary plus origin (true when this domain published the ' +
      "trend's earliest article) and domain_articles (its number of citations in the trend). The " +
      'domain is a hostname such as "reuters.com" (case, a leading "www." and IDNs are normalised). ' +
      'Use it to follow a source you trust or to check who broke a story. Sources are named by their ' +
      'registrable domain, as citations show them ("cnn.com", not "edition.cnn.com"). An unknown domain ' +
      'or a subdomain gives an empty list. Next: get_trend with an id.',
    params: { path: SOURCE_PATH_PARAMS, query: SOURCE_PARAMS },
    output: SOURCE_TRENDS_SCHEMA,
    run: (deps, args) => getSourceTrends(deps, args),
    render: (body) => renderSourceTrends(body),
  }),
];
