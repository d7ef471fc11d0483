import type { TrendDoc } from '../domain/documents';
import { NotFoundError } from '../errors/app-error';
import { toSearchError } from '../opensearch/client';
import { presentTrendDetail } from '../presenters/trend-detail.presenter';
import type { TrendDetailResponse } from '../responses/trend-detail.schema';
import type { QueryDeps } from './query-deps';

/** Reads one stored trend by id, or null when there is none (fields limited by `includes`). */
export async function fetchTrendDoc<T = TrendDoc>(deps: QueryDeps, id: string, includes?: string[]): Promise<T | null> {
  try {
    const res = await deps.opensearch.get(
      { index: deps.names.trends, id, ...(includes ? { _source_includes: includes } : {}) },
      { ignore: [404] },
    );
    const body = res.body as unknown as { found?: boolean; _source?: T };
    return body.found && body._source ? body._source : null;
  } catch (err) {
    throw toSearchError(err);
  }
}

/** One trend with its citations, timeline, velocity numbers and score parts (GET /v1/trends/{id}). */
export async function getTrend(deps: QueryDeps, input: { trend_id: string }): Promise<TrendDetailResponse> {
  const doc = await fetchTrendDoc(deps, input.trend_id);
  if (!doc) throw new NotFoundError('Trend not found');
  return presentTrendDetail({ ...doc, id: doc.id || input.trend_id });
}
