import { expect } from 'chai';
import type { ArticleDoc } from '@trendscope/core';
import type { TestServices } from './services';

/** Stores articles under the ids given (detection derives trend ids from them), visible at once. */
export async function indexArticles(s: TestServices, docs: { id: string; doc: ArticleDoc }[]): Promise<void> {
  const body = docs.flatMap(({ id, doc }) => [{ index: { _index: s.names.articles, _id: id } }, doc]);
  const res = await s.opensearch.bulk({ body, refresh: true });
  expect(res.body.errors).to.equal(false);
}
