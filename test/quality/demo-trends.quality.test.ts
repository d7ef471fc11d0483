import { isListed } from '@trendscope/core';
import { loadUci } from '@trendscope/pipeline/lab/corpus/uci.corpus';
import { expect } from 'chai';
import nlp from 'compromise/two';
import { demoTrends, storyRepeats, type DemoTrend } from '@trendscope/pipeline/lab/evaluate/trends/demo-trends';
import { articleLabeller } from '@trendscope/pipeline/lab/metrics/corrected-gold';
import { storyQuality, type StoryQuality } from '@trendscope/pipeline/lab/metrics/story-quality';

/** A date or a time of day, as a reader would see one (checked independently of detect/topic.ts). */
const DATE_OR_TIME =
  /\b\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}\b|\b\d{1,2}:\d{2}\b|\b\d{1,2}\s?(?:am|pm)\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b/i;

function problems(topic: string, titles: readonly string[]): string[] {
  const out: string[] = [];
  const words = topic.split(/\s+/).filter(Boolean);
  // Case aside: display rules may write a headline's word in another case ("study findS" -> "study finds").
  const fromHeadline = titles.some((t) =>
    words.every((w) => t.toLowerCase().includes(w.replace(/[.,:;!?]+$/, '').toLowerCase())),
  );
  if (words.length < 2) out.push('fewer than 2 words');
  if (words.length > 8 && !fromHeadline) out.push('more than 8 words and not a member headline');
  if (/^[\d\s$€£.,%]*(?:billion|million|trillion|percent)?$/i.test(topic)) out.push('a bare number or amount');
  if (DATE_OR_TIME.test(topic)) out.push('a date or time');
  for (const [open, close] of ['()', '[]', '{}']) {
    if (topic.split(open!).length !== topic.split(close!).length) out.push(`unbalanced ${open}${close}`);
  }
  if ((topic.match(/"/g) ?? []).length % 2 !== 0) out.push('unbalanced "');
  // A single quote opening a word needs one closing a word (a plural possessive "boys'" is none).
  let open = 0;
  let unpaired = false;
  for (const w of words) {
    if (/^['‘]/.test(w)) open++;
    if (/['’][.,:;!?]*$/.test(w) && (open > 0 || !/s['’]$/i.test(w))) {
      if (open === 0) unpaired = true;
      else open--;
    }
  }
  if (unpaired || open !== 0) out.push('unpaired single quote');
  if (opensWithVerb(topic, titles)) out.push('opens with a verb form');
  return out;
}

/**
 * Whether a topic cut from member headlines opens on a word those headlines use as a verb
 * ("Enables Pixel Visual" from "Google enables Pixel Visual Core ..."), read by the part-of-speech
 * tagger in each headline's own context: every member headline that holds the topic after its
 * first word must read that word as a verb (one headline's tagging is not trusted alone: "Gas" of
 * "Gas prices" is a verb in some). A headline's first word read as an imperative is no verb.
 */
function opensWithVerb(topic: string, titles: readonly string[]): boolean {
  const first = topic.split(/\s+/)[0]!.toLowerCase();
  const readings = titles
    .filter((title) => {
      const lower = title.toLowerCase();
      return lower.includes(topic.toLowerCase()) && !lower.startsWith(topic.toLowerCase());
    })
    .map((title) => {
      const term = nlp(title)
        .docs.flatMap((sentence) => sentence.map((t, i) => ({ ...t, opens: i === 0 })))
        .find((t) => t.text.toLowerCase() === first);
      const tags = term?.tags ?? new Set<string>();
      if (term?.opens && tags.has('Imperative')) return false;
      return (tags.has('Verb') || tags.has('Gerund')) && !tags.has('Noun');
    });
  return readings.length > 0 && readings.every(Boolean);
}

describe('what make demo shows (detection over the slices it replays, in-process)', function () {
  this.timeout(300_000);
  let trends: DemoTrend[] = [];
  before(async () => {
    trends = await demoTrends();
  });

  it('gives every trend of 3 or more articles a readable topic (2-8 words, no amount, date, stray quote, no verb first)', () => {
    const big = trends.filter((d) => d.trend.article_count >= 3);
    expect(big.length).to.be.above(200);
    const bad = big
      .map((d) => ({ topic: d.trend.topic, problems: problems(d.trend.topic, d.titles) }))
      .filter((b) => b.problems.length > 0);
    expect(bad).to.deep.equal([]);
  });

  // Target: 0 (19 before lists needed two publishers, 10 before late joins needed 4
  // shared terms, 7 before fragments merged on headline meaning, 5 before the learned merge, 2
  // before two lone headlines needed a word or a name in common to be joined; docs/quality.md).
  // Against labels corrected by reading since 2026-11-28: UCI files AP's "10 Things to Know for
  // Today" and a Las Vegas fire under the missing Malaysia Airlines jet, and that trend of three AP
  // pages came up to 46th when the replay kept dates without a time of day.
  it('shows no gold story twice among the first 50 trends of /v1/trends/recent (labels corrected by reading)', () => {
    const readLabel = articleLabeller();
    const listed = trends
      .filter((d) => isListed(d.trend))
      .map((d) => ({ ...d, gold: d.gold.map((g, i) => readLabel(d.ids?.[i], g)) }));
    expect(storyRepeats(listed, 50)).to.deep.equal([]);
  });

  describe('over the whole list (every page)', () => {
    let q: StoryQuality;
    before(() => {
      q = storyQuality(trends);
    });

    it('shows no topic string twice (15 before distinct topics, 2026-11-27)', () => {
      expect(q.duplicateTopics).to.deep.equal([]);
    });

    // 0.970 before the story rejoin, 0.950 with it (2026-11-27): a rejoined trend holds several
    // of UCI's stories of one real story, and its topic may best match a member of one that is not
    // the largest ("'Bachelor' Finale: Who will Juan Pablo pick?" over the finale's decision).
    // 0.953 -> 0.968 when the replay kept dates without a time of day (2026-11-28): Giveme5W1H
    // pages of one date no longer join a UCI burst at a shifted midnight. 0.963 when the rejoin joins
    // trends about one single-word name (2026-11-28, evening): SXSW's joined trend is named by a
    // headline of the UCI id it is not the majority of. 0.977 (2026-12-06), 0.981 when a reopened
    // trend's wave of another story tells it (the 2018 Falcon Heavy trend carrying CRS-3's reports).
    it("gives topics that best match a member of the trend's majority story (fidelity 0.981; target 0.95)", () => {
      expect(q.fidelity).to.be.at.least(0.97);
    });

    // Against labels corrected by reading (UCI stories a reader calls one story merged,
    // corrected-gold.ts): 0.963 (2026-11-27, evening), 0.977 (2026-11-28); the topic of a rejoined trend no longer
    // counts against it for naming another UCI id of the same story. 0.991 (2026-12-06), 0.995 with
    // the reopened wave's topic.
    it('gives topics faithful to the majority story by reading (fidelity 0.995; target 0.95)', () => {
      const readLabel = articleLabeller();
      const read = storyQuality(trends.map((d) => ({ ...d, gold: d.gold.map((g, i) => readLabel(d.ids?.[i], g)) })));
      expect(read.fidelity).to.be.at.least(0.985);
    });

    // 87 before: split decimals, doubled name prefixes, backtick apostrophes, summaries repeating the
    // topic; the last, "Thrones Season", is "Game of Thrones season 4" since 2026-11-27, evening
    // (docs/lab-notes/trends.md, "One story, one listed trend"). Since 2026-11-27, night, a topic or
    // summary ending in a cut ("...", "…") counts too: 2 then (a renamed duplicate topic and a
    // Giveme5W1H lead cut inside its text), 0 since ("Cut headlines and velocity of a story days old").
    it('carries no text artifact in topics and summaries', () => {
      expect(q.artifacts).to.deep.equal([]);
    });

    // Target 0; 9 (2026-11-27, evening; 10 while the rejoin required a shared entity, which kept the
    // migraine headband apart): small trends the aggregator filed under a large story ("McDonnell
    // bid" / "Starbucks adds digital tips to app"), and fragments the rejoin leaves apart ("Chapter
    // 11 Reorganization" beside "Sbarro Pizza files for bankruptcy again"). 10 since the replay
    // keeps dates without a time of day (2026-11-28): two undated Giveme5W1H pages, dated months
    // after their event (the Nice truck attack, the Cincinnati zoo gorilla), no longer hidden inside
    // a UCI trend they joined at a shifted midnight, are trends of their own. 9 since the rejoin
    // joins trends about one single-word name (2026-11-28, evening: Sbarro's filing; Titanfall and
    // SXSW, which UCI files under two ids each, leave the count read by the labels corrected by
    // reading: 7 -> 4, the China export-data stock moves and three undated two-page Giveme5W1H trends).
    // 7 / 4 on 2026-12-06 (a trend whose largest stories tie counted under the one its topic names).
    // 5 / 2 on 2026-12-07: a Giveme5W1H page's publisher is its URL's registrable domain, as on a
    // real demo, so RT's two Panama Papers pages and The Hindu's two undated Nice pages are
    // one-publisher trends, not listed (left: China's March 10 market moves, the zoo gorilla).
    it('lets few gold stories lead two listed trends', () => {
      expect(q.goldRepeats.length).to.be.at.most(5);
      const readLabel = articleLabeller();
      const read = storyQuality(trends.map((d) => ({ ...d, gold: d.gold.map((g, i) => readLabel(d.ids?.[i], g)) })));
      expect(read.goldRepeats.length, 'by reading').to.be.at.most(2);
    });

    // The story rejoin: 235 listed before, 221 with it (2026-11-27); a trend of one story on
    // several days ("Taylor Swift Tops Billboard's 2014 Money Makers" three times) is listed once.
    it('lists one trend for a story reported again on later days', () => {
      expect(q.listed).to.be.at.most(225);
      const swift = trends.filter((d) => isListed(d.trend) && /Taylor Swift/i.test(d.trend.topic));
      expect(swift.map((d) => d.trend.topic)).to.have.length(1);
    });
  });

  it('lists no recurring column among the first 50 (one publisher, one title pattern, 3+ days of the corpus)', () => {
    // Independent of detect/recurring-column.ts: the whole six weeks of UCI, not what the demo saw.
    const pattern = (title: string): string =>
      title
        .toLowerCase()
        .replace(/\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\b[a-z]+day\b|[^a-z]+/g, ' ')
        .trim();
    const days = new Map<string, Set<string>>();
    for (const r of loadUci()) {
      const key = `${r.hostname.replace(/^www\./, '')}|${pattern(r.title)}`;
      days.set(key, (days.get(key) ?? new Set()).add(new Date(r.timestamp).toISOString().slice(0, 10)));
    }
    const column = (d: DemoTrend, i: number): boolean =>
      (days.get(`${d.domains[i]}|${pattern(d.titles[i]!)}`)?.size ?? 0) >= 3;
    const listed = trends.filter((d) => isListed(d.trend)).slice(0, 50);
    const columns = listed
      .filter((d) => d.titles.filter((_, i) => column(d, i)).length * 2 > d.titles.length)
      .map((d) => d.trend.topic);
    expect(columns).to.deep.equal([]);
  });
});
