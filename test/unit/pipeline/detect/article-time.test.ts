import { expect } from 'chai';
import { articleTime } from '@trendscope/pipeline/detect/active-trend';
import { clusterArticles, type DetectArticle } from '@trendscope/pipeline/detect/cluster';

const FETCHED = '2026-11-20T15:26:37.000Z';
const idf = (): number => 3;

describe('articleTime', () => {
  it('is the publication date when there is one', () => {
    expect(articleTime({ published_date: '2026-11-20T09:00:00Z', fetched_at: FETCHED })).to.equal(
      Date.parse('2026-11-20T09:00:00Z'),
    );
  });

  it('is the fetch day as a date alone (midnight UTC) for an undated page', () => {
    expect(articleTime({ published_date: null, fetched_at: FETCHED })).to.equal(Date.parse('2026-11-20T00:00:00Z'));
  });

  it('keeps undated pages of one feed poll from joining on one shared word, as reports a second apart would', () => {
    // One word in common ("killed"): enough within seconds of a report (the burst discount), not
    // for dates alone.
    const pages = [
      {
        id: 'a',
        title: 'Twelve tourists killed as small plane crashes near Costa Rica beach resort',
        fetched: '2026-11-20T15:26:37.000Z',
      },
      {
        id: 'b',
        title: 'Gunman opens fire on Las Vegas concert crowd, dozens killed and hundreds injured',
        fetched: '2026-11-20T15:26:38.000Z',
      },
    ];
    const cluster = (time: (p: (typeof pages)[number]) => number) => {
      const articles: DetectArticle[] = pages.map((p) => ({
        id: p.id,
        title: p.title,
        text: '',
        time: time(p),
        entities: [],
      }));
      const r = clusterArticles(articles, [], { now: new Date('2026-11-21T00:00:00Z'), idf });
      return r.assignments.get('a') === r.assignments.get('b');
    };
    expect(cluster((p) => Date.parse(p.fetched))).to.equal(true);
    expect(cluster((p) => articleTime({ published_date: null, fetched_at: p.fetched }))).to.equal(false);
  });
});
