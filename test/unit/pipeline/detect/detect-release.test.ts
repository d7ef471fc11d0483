import { expect } from 'chai';
import type { ArticleDoc, ArticleEmbeddings } from '@trendscope/core';
import type { StoredArticle } from '@trendscope/pipeline/detect/active-trend';
import type { Applied } from '@trendscope/pipeline/detect/detect-apply';
import { releaseBuilt, releaseClustering, releaseReads } from '@trendscope/pipeline/detect/detect-build';
import type { Clustered } from '@trendscope/pipeline/detect/detect-cluster';
import type { DetectInput } from '@trendscope/pipeline/detect/detect-load';
import { articleUpdates } from '@trendscope/pipeline/detect/write-detect';

const article = (id: string): StoredArticle => ({ id, title: id }) as StoredArticle;
const state = (id: string) => ({ id, terms: { a: 1 }, entities: {}, article_count: 1, first_seen: 0, last_seen: 0 });

/** A run's input, clustering and application as the build receives them (the parts the releases touch). */
function held(): { input: DetectInput; clustered: Clustered; applied: Applied } {
  const input = {
    unassigned: [article('new-1'), article('new-2')],
    archived: [{ id: 'tr_closed' }],
    active: [{ id: 'tr_a' }, { id: 'tr_b' }],
    unfinished: new Map([['tr_merged', { id: 'tr_merged' }]]),
    states: new Map([
      ['tr_a', state('tr_a')],
      ['tr_b', state('tr_b')],
    ]),
  } as unknown as DetectInput;
  const clustered = {
    stored: new Map([
      ['tr_refreshed', { id: 'tr_refreshed' }],
      ['tr_read_instead', { id: 'tr_read_instead' }],
    ]),
    members: new Map([['tr_a', [article('m-1')]]]),
    grown: new Map([
      ['tr_grown', { id: 'tr_grown' }],
      ['tr_read_whole', { id: 'tr_read_whole' }],
    ]),
    sampled: new Map([['tr_grown', [article('s-1')]]]),
  } as unknown as Clustered;
  const applied = { fromState: ['tr_refreshed'], grown: new Set(['tr_grown']) } as unknown as Applied;
  return { input, clustered, applied };
}

describe('what a run lets go of before its build and writes', () => {
  it('drops the clustering states, the closed trends and the sources the build does not read', () => {
    const { input, clustered, applied } = held();
    releaseClustering(input, clustered, applied);
    expect(input.states.size).to.equal(0);
    expect(input.archived).to.deep.equal([]);
    expect([...clustered.stored.keys()]).to.deep.equal(['tr_refreshed']);
    expect([...clustered.grown.keys()]).to.deep.equal(['tr_grown']);
    // What the domains still count is kept until they are counted.
    expect(clustered.members.size).to.equal(1);
    expect(input.unassigned).to.have.length(2);
  });

  it('drops the articles read once the domains are counted', () => {
    const { input, clustered } = held();
    releaseReads(input, clustered);
    expect(clustered.members.size).to.equal(0);
    expect(clustered.sampled.size).to.equal(0);
    expect(input.unassigned).to.deep.equal([]);
  });

  it('drops the open trends and the refresh and growth sources once the trends are built, not what the write reads', () => {
    const { input, clustered } = held();
    releaseBuilt(input, clustered);
    expect(input.active).to.deep.equal([]);
    expect(clustered.stored.size).to.equal(0);
    expect(clustered.grown.size).to.equal(0);
    // The write deletes the unfinished merges' trends: kept.
    expect([...input.unfinished.keys()]).to.deep.equal(['tr_merged']);
  });
});

describe('articleUpdates (drawn as the write goes)', () => {
  /** The updates as one array of every document was built before: a Map over the pairs, then the embeddings. */
  function asBefore(
    pairs: readonly (readonly [string, string])[],
    embeddings: ReadonlyMap<string, ArticleEmbeddings>,
  ): { id: string; doc: Partial<ArticleDoc> }[] {
    const docs = new Map<string, Partial<ArticleDoc>>(pairs.map(([id, trendId]) => [id, { trend_id: trendId }]));
    for (const [id, e] of embeddings) docs.set(id, { ...docs.get(id), detect_embeddings: e });
    return [...docs].map(([id, doc]) => ({ id, doc }));
  }

  it('gives the same documents in the same order, the last trend given for an article winning', () => {
    const pairs: [string, string][] = [
      ['a1', 'tr_x'],
      ['a2', 'tr_y'],
      ['a1', 'tr_z'],
      ['a3', 'tr_y'],
    ];
    const embeddings = new Map<string, ArticleEmbeddings>([
      ['a2', { headline: 'h2' }],
      ['a9', { topic: 't9' }],
    ]);
    const drawn = [...articleUpdates({ articleTrends: pairs, articleEmbeddings: embeddings })];
    expect(drawn).to.deep.equal(asBefore(pairs, embeddings));
    expect(drawn[0]).to.deep.equal({ id: 'a1', doc: { trend_id: 'tr_z' } });
  });

  it('makes no document before it is drawn', () => {
    const pairs: [string, string][] = [['a1', 'tr_x']];
    const updates = articleUpdates({ articleTrends: pairs });
    pairs.push(['a2', 'tr_y']);
    // The pairs are read when the first document is drawn, not when the updates are asked for.
    expect([...updates].map((u) => u.id)).to.deep.equal(['a1', 'a2']);
  });
});
