import { expect } from 'chai';
import type { StoredArticle } from '@trendscope/pipeline/detect/active-trend';
import { clusterArticles, comparable } from '@trendscope/pipeline/detect/cluster';
import { knownColumns } from '@trendscope/pipeline/detect/detect-load';
import { articleUpdates } from '@trendscope/pipeline/detect/write-detect';

const T = Date.parse('2014-03-20T10:00:00Z');
const report = (id: string, title: string, mark?: boolean): StoredArticle =>
  ({
    id,
    title,
    domain: 'desk.example',
    published_date: new Date(T).toISOString(),
    fetched_at: new Date(T).toISOString(),
    ...(mark ? { detect_column: true } : {}),
  }) as StoredArticle;

describe('editions a run knows before it clusters', () => {
  it('adds the reports an earlier run marked to the editions the new reports alone show', () => {
    const reports = [
      report('dated', 'Health Highlights: March 20, 2014'),
      report('marked', 'Acme Research weekly copper market outlook note', true),
      report('story', 'Copper prices climb as mine strike spreads'),
    ];
    expect([...knownColumns(reports)].sort()).to.deep.equal(['dated', 'marked']);
  });

  it('writes the mark of each edition found, after the trend and embedding updates', () => {
    const updates = [...articleUpdates({ articleTrends: [['a1', 'tr_x']], columns: ['e1'] })];
    expect(updates).to.deep.equal([
      { id: 'a1', doc: { trend_id: 'tr_x' } },
      { id: 'e1', doc: { detect_column: true } },
    ]);
  });
});

describe('comparable (what a run chooses candidates for)', () => {
  const idf = (): number => 1;
  it('is false exactly for the articles clusterArticles can neither assign nor found a trend with', () => {
    const articles = [
      { id: 'a', title: 'What it is and what it was', text: '', time: T, entities: [] },
      { id: 'b', title: 'What it is and what it was', text: '', time: T + 1000, entities: ['Acme'] },
      { id: 'c', title: 'Copper prices climb', text: '', time: T + 2000, entities: [] },
    ];
    expect(articles.map((a) => comparable(a, idf))).to.deep.equal([false, true, true]);
    const { assignments } = clusterArticles(articles, [], { now: new Date(T + 3000), idf, learnedMerge: false });
    expect([...assignments.keys()].sort()).to.deep.equal(['b', 'c']);
  });
});
