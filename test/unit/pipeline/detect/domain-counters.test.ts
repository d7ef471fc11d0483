import { expect } from 'chai';
import type { ArticleDoc, DomainCounters, DomainDoc } from '@trendscope/core';
import { articleTime, type StoredArticle } from '@trendscope/pipeline/detect/active-trend';
import { countDomains } from '@trendscope/pipeline/detect/detect-domains';
import { domainDocs } from '@trendscope/pipeline/detect/domain-docs';
import {
  addToCounters,
  dayOf,
  emptyCounters,
  histogramMedian,
  WORD_BUCKET_WIDTH,
  wordBucket,
} from '@trendscope/pipeline/score/domain-counters';
import { decideCopies } from '@trendscope/pipeline/score/domain-copies';
import { DEFAULT_RATINGS_FILE, loadDomainRatings } from '@trendscope/pipeline/score/domain-ratings';
// A deterministic pseudo-random stream, the trainers' own.
import { mulberry32 } from '@trendscope/pipeline/lab/train/classifier/train-model';

const HOUR = 3_600_000;
const START = Date.parse('2026-11-01T00:00:00Z');
const WINDOW_HOURS = 5 * 24;
/** Rated (reuters.com, dailymail.co.uk, bbc.co.uk) and unrated outlets. */
const DOMAINS = ['reuters.com', 'dailymail.co.uk', 'bbc.co.uk', 'smalltown-gazette.net', 'clickfarm-news.info'];

/** A hash one or two bits from `h` (a near-duplicate). */
function flip(h: string, bit: number): string {
  const hi = BigInt(`0x${h}`) ^ (1n << BigInt(bit));
  return hi.toString(16).padStart(16, '0');
}

/**
 * 12 days of articles from five outlets: pages and feed items, bylines, dates, https, word counts
 * from 40 to 3,000, and syndication: a third repeat an earlier story of another outlet or their
 * own of the same day (the same SimHash or one bit away). A tenth are left without a trend (`left`).
 */
function corpus(): { articles: StoredArticle[]; left: Set<string> } {
  return (generated ??= generate());
}
let generated: { articles: StoredArticle[]; left: Set<string> } | undefined;

function generate(): { articles: StoredArticle[]; left: Set<string> } {
  const rnd = mulberry32(7);
  const times = Array.from({ length: 900 }, () => START + Math.floor(rnd() * 12 * 24 * HOUR)).sort((a, b) => a - b);
  const stories: { day: string; hash: string }[] = [];
  const articles: StoredArticle[] = [];
  const left = new Set<string>();
  for (let i = 0; i < times.length; i++) {
    const time = times[i]!;
    const domain = DOMAINS[Math.floor(rnd() * DOMAINS.length)]!;
    const page = rnd() < 0.6;
    let simhash: string | null;
    // Copies repeat a story of the same day: the window drops a story with its copies.
    const today = stories.filter((st) => st.day === dayOf(time));
    if (today.length > 0 && rnd() < 0.35) {
      const base = today[Math.floor(rnd() * today.length)]!.hash;
      simhash = rnd() < 0.5 ? base : flip(base, Math.floor(rnd() * 64));
    } else {
      simhash = Array.from({ length: 16 }, () => Math.floor(rnd() * 16).toString(16)).join('');
      stories.push({ day: dayOf(time), hash: simhash });
    }
    if (rnd() < 0.05) simhash = null;
    const dated = rnd() < 0.9;
    const at = new Date(time).toISOString();
    const id = `a${String(i).padStart(4, '0')}`;
    const doc: ArticleDoc = {
      url: `${rnd() < 0.8 ? 'https' : 'http'}://www.${domain}/news/${dayOf(time)}/story-${i}.html`,
      canonical_url: `https://www.${domain}/news/story-${i}`,
      domain,
      publisher: rnd() < 0.9 ? domain.split('.')[0]! : `${domain.split('.')[0]} wire`,
      author: page && rnd() < 0.7 ? 'A. Writer' : rnd() < 0.1 ? '  ' : null,
      published_date: dated ? at : null,
      fetched_at: at,
      fetch_method: page ? 'page' : 'feed',
      title: `Story ${i % 97} about ${['markets', 'weather', 'football', 'elections', 'science'][i % 5]} in ${domain}`,
      description: null,
      body: null,
      content_retained: page && rnd() < 0.8,
      word_count: page ? 40 + Math.floor(rnd() * rnd() * 3000) : Math.floor(rnd() * 30),
      language: 'en',
      simhash,
      entities: [],
      trend_id: null,
      source_id: null,
      feed_url: null,
      https: rnd() < 0.8,
      redactions: { email: 0, phone: 0, card: 0, iban: 0, ip: 0, ssn: 0 },
      category_hint: null,
      indexed_at: at,
    };
    articles.push({ ...doc, id });
    // Left over: a unique key (a report left out is read again by every run, decided anew).
    if (rnd() < 0.1) {
      left.add(id);
      articles[articles.length - 1]!.simhash = `f${String(i).padStart(15, '0')}`;
    }
  }
  return { articles: articles.sort((a, b) => time(a) - time(b) || (a.id < b.id ? -1 : 1)), left };
}

/** The time detection reads (an undated article's is its fetch day). */
const time = articleTime;

/** The stories (domain lists) co-coverage is read over: fixed, the same for both paths. */
const STORIES = [
  ['reuters.com', 'smalltown-gazette.net'],
  ['dailymail.co.uk', 'clickfarm-news.info'],
  ['bbc.co.uk', 'reuters.com', 'clickfarm-news.info'],
];

interface RunResult {
  now: Date;
  counter: DomainDoc[];
  full: DomainDoc[];
}

/**
 * Detection every 12 h over the corpus: the counter path (countDomains from the counters kept by
 * the run before, copies decided once against everything counted earlier) beside the full
 * recompute of the same domains over every article of the window (domainDocs).
 */
function runs(): { results: RunResult[]; counters: Map<string, DomainCounters> } {
  const { articles, left } = corpus();
  const ratings = loadDomainRatings(DEFAULT_RATINGS_FILE);
  const counters = new Map<string, DomainCounters>();
  const counted: StoredArticle[] = [];
  const results: RunResult[] = [];
  let next = 0;
  for (let t = START + 12 * HOUR; t <= START + 13 * 24 * HOUR; t += 12 * HOUR) {
    const now = new Date(t);
    const fromDay = dayOf(t - WINDOW_HOURS * HOUR);
    const inWindow = (a: StoredArticle): boolean => dayOf(time(a)) >= fromDay && time(a) <= t;
    const arrived: StoredArticle[] = [];
    while (next < articles.length && time(articles[next]!) <= t) arrived.push(articles[next++]!);
    // The run's new reports: those that arrived, and the left-over ones still in the window.
    const fresh = [...arrived.filter((a) => !left.has(a.id)), ...articles.slice(0, next).filter((a) => left.has(a.id))]
      .filter(inWindow)
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    const assigned = new Set(fresh.filter((a) => !left.has(a.id)).map((a) => a.id));
    const copies = decideCopies(fresh, counted.filter(inWindow));
    const counter = countDomains({ fresh, assigned, stories: STORIES, now, ratings, base: counters, copies, fromDay });
    for (const d of counter) counters.set(d.domain, d.detect_counters!);
    counted.push(...fresh.filter((a) => assigned.has(a.id)));
    const touched = new Set(counter.map((d) => d.domain));
    const window = articles.slice(0, next).filter(inWindow);
    const full = domainDocs(
      window,
      now,
      ratings,
      STORIES.map((s) => s.map((domain) => ({ domain }))),
    ).filter((d) => touched.has(d.domain));
    results.push({ now, counter, full });
  }
  return { results, counters };
}

describe('domain quality from per-domain counters', function () {
  this.timeout(60_000);
  let results: RunResult[] = [];
  let counters = new Map<string, DomainCounters>();
  before(() => ({ results, counters } = runs()));

  it('writes the documents the full recompute over the window writes, but for the median of lengths', () => {
    let compared = 0;
    let scoreMoved = 0;
    for (const { now, counter, full } of results) {
      expect(counter.map((d) => d.domain)).to.deep.equal(full.map((d) => d.domain));
      counter.forEach((c, i) => {
        const f = full[i]!;
        const { detect_counters: kept, median_word_count: cm, observed_score: co, quality_score: cq, ...cRest } = c;
        const { median_word_count: fm, observed_score: fo, quality_score: fq, ...fRest } = f;
        const at = `${c.domain} at ${now.toISOString()}`;
        expect(kept, at).to.be.an('object');
        expect(cRest, at).to.deep.equal(fRest);
        // A bucket is WORD_BUCKET_WIDTH wide below 1,000 words, 25 % wide above: the median lies
        // within half of one.
        expect(cm === null, at).to.equal(fm === null);
        if (fm !== null) expect(Math.abs(cm! - fm), at).to.be.at.most(Math.max(WORD_BUCKET_WIDTH / 2, 0.125 * fm));
        expect(Math.abs((co ?? 0) - (fo ?? 0)), at).to.be.at.most(0.1 + 1e-9);
        expect(Math.abs(cq - fq), at).to.be.at.most(0.1 + 1e-9);
        if (cq !== fq) scoreMoved++;
        compared++;
      });
    }
    if (process.env.DOMAIN_COUNTERS_REPORT) console.log({ compared, scoreMoved });
    expect(compared).to.be.at.least(100);
    // The median's approximation moves a served score by a rounding step at most, and seldom.
    expect(scoreMoved / compared).to.be.below(0.05);
  });

  it('counts some copies, some left-over reports and drops the days before the window', () => {
    const last = results[results.length - 1]!;
    expect(last.counter.some((d) => (d.originality ?? 1) < 1)).to.equal(true);
    const fromDay = dayOf(last.now.getTime() - WINDOW_HOURS * HOUR);
    for (const d of last.counter) {
      expect(Object.keys(d.detect_counters!.days).every((day) => day >= fromDay)).to.equal(true);
      expect(d.detect_counters!.recent.length).to.be.at.most(200);
    }
  });

  it('rebuilds from the window articles the counters the runs kept (the path of a domain without counters)', () => {
    const { articles, left } = corpus();
    const end = START + 13 * 24 * HOUR;
    const fromDay = dayOf(end - WINDOW_HOURS * HOUR);
    const window = articles.filter((a) => !left.has(a.id) && dayOf(time(a)) >= fromDay && time(a) <= end);
    const copies = decideCopies(window, []);
    for (const [domain, kept] of counters) {
      const list = window
        .filter((a) => a.domain === domain)
        .map((a) => ({ ...a, time: time(a), copy: copies.get(a.id)! }));
      const rebuilt = addToCounters(emptyCounters(), list, fromDay);
      const slid = addToCounters(kept, [], fromDay);
      expect(rebuilt.days, domain).to.deep.equal(slid.days);
      expect(rebuilt.recent, domain).to.deep.equal(slid.recent);
    }
  });

  it('does not count twice the reports a stopped run counted (they come back unassigned)', () => {
    const { articles } = corpus();
    const ratings = loadDomainRatings(DEFAULT_RATINGS_FILE);
    const fresh = articles.slice(0, 80);
    const now = new Date(time(fresh[fresh.length - 1]!));
    const fromDay = dayOf(now.getTime() - WINDOW_HOURS * HOUR);
    const p = {
      fresh,
      assigned: new Set(fresh.map((a) => a.id)),
      stories: STORIES,
      now,
      ratings,
      copies: decideCopies(fresh, []),
      fromDay,
    };
    const first = countDomains({ ...p, base: new Map() });
    const again = countDomains({ ...p, base: new Map(first.map((d) => [d.domain, d.detect_counters!])) });
    expect(again.map((d) => d.detect_counters!.days)).to.deep.equal(first.map((d) => d.detect_counters!.days));
    expect(again.map((d) => d.articles)).to.deep.equal(first.map((d) => d.articles));
  });
});

describe('word-count histogram median', () => {
  it('is within half a bucket of the exact median below 1,000 words', () => {
    const rnd = mulberry32(3);
    for (let trial = 0; trial < 200; trial++) {
      const values = Array.from({ length: 1 + Math.floor(rnd() * 60) }, () => Math.floor(rnd() * 990));
      const words: Record<string, number> = {};
      for (const v of values) words[String(wordBucket(v))] = (words[String(wordBucket(v))] ?? 0) + 1;
      const s = [...values].sort((a, b) => a - b);
      const mid = Math.floor(s.length / 2);
      const exact = s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
      expect(Math.abs(histogramMedian(words) - exact)).to.be.at.most(WORD_BUCKET_WIDTH / 2);
    }
  });

  it('keeps long texts in bounded buckets', () => {
    expect(wordBucket(999)).to.be.below(wordBucket(1000));
    expect(wordBucket(10_000_000)).to.equal(wordBucket(1e12));
    expect(histogramMedian({ [wordBucket(1500)]: 1 })).to.be.within(1000, 2000);
  });
});
