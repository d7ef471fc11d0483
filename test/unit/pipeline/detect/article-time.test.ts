import { expect } from 'chai';
import { loadClassifier } from '@trendscope/pipeline/classify/classifier';
import {
  articleTime,
  servedTimeOf,
  toTrendMembers,
  type StoredArticle,
} from '@trendscope/pipeline/detect/active-trend';
import { buildTrend } from '@trendscope/pipeline/detect/build-trend';
import { clusterArticles, type DetectArticle } from '@trendscope/pipeline/detect/cluster';
import { backgroundIdf } from '@trendscope/pipeline/detect/idf';
import { buildArticle } from '../../../support/factories';

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

describe('servedTimeOf and an old story that an undated page joins', () => {
  const DAY = 86_400_000;
  const lastDated = Date.parse('2026-10-31T18:00:00Z');
  const fetchedToday = '2026-12-06T00:05:22.000Z';
  const dated = (i: number): StoredArticle => ({
    ...buildArticle({
      url: `https://site${i}.example/parade`,
      domain: `site${i}.example`,
      publisher: `Site ${i}`,
      title: 'Floats and marching bands hit the street for the 129th Rose Parade in Pasadena',
      published_date: new Date(lastDated - i * 6 * 3_600_000).toISOString(),
      fetched_at: new Date(lastDated - i * 6 * 3_600_000 + 60_000).toISOString(),
    }),
    id: `dated-${i}`,
  });
  const undated: StoredArticle = {
    ...buildArticle({
      url: 'https://late.example/parade',
      domain: 'late.example',
      publisher: 'Late',
      title: 'Sun, fun and flowers as the 129th Rose Parade rolls in California',
      published_date: null,
      fetched_at: fetchedToday,
    }),
    id: 'undated',
  };
  const members = [dated(0), dated(1), dated(2), undated];

  it("counts an undated page no later than its trend's latest dated report", () => {
    const timeOf = servedTimeOf(members);
    expect(timeOf(undated)).to.equal(lastDated);
    expect(timeOf(members[1]!)).to.equal(lastDated - 6 * 3_600_000);
    // Earlier than the latest dated report: its fetch day, as articleTime.
    const early = { published_date: null, fetched_at: '2026-10-30T09:00:00Z' };
    expect(servedTimeOf([...members, early])(early)).to.equal(Date.parse('2026-10-30T00:00:00Z'));
  });

  it('keeps the fetch day where no member is dated, and honours a stored latest report', () => {
    expect(servedTimeOf([undated])(undated)).to.equal(Date.parse('2026-12-06T00:00:00Z'));
    expect(servedTimeOf([undated], lastDated)(undated)).to.equal(lastDated);
  });

  it('does not list a weeks-old story as reported today, nor as growing', () => {
    const now = new Date(Date.parse(fetchedToday) + 60_000);
    const trend = buildTrend('tr_aaaaaaaaaaaaaaaa', toTrendMembers(members), {
      now,
      classifier: loadClassifier(),
      idf: backgroundIdf(),
      domainQuality: new Map(),
      ratedDomains: new Set(),
    });
    expect(trend.article_count).to.equal(4);
    expect(Date.parse(trend.last_seen)).to.equal(lastDated);
    expect(trend.velocity).to.equal('declining');
    expect(trend.velocity_metrics.current).to.equal(0);
    expect(trend.timeline.every((b) => Date.parse(b.bucket) < now.getTime() - 30 * DAY)).to.equal(true);
    expect(trend.timeline.reduce((n, b) => n + b.articles, 0)).to.equal(4);
  });
});
