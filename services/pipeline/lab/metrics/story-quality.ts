import { SAME_RUN_WORDS } from '../../src/text/word-runs';
import { isListed } from '@trendscope/core';
import nlp from 'compromise/two';
import { contentTerms } from '../../src/text/tokenize';
import type { DemoTrend } from '../evaluate/trends/demo-trends';

/**
 * Measures of what a reader sees over a WHOLE trend list (every page), judged independently of
 * the detect code: duplicate topic strings, gold stories leading two listed trends, topic fidelity
 * and text artifacts in topics and summaries (docs/lab-notes/trends.md, "One story, one listed trend").
 */
export interface StoryQuality {
  listed: number;
  /** Listed trends whose topic (case and punctuation folded) an earlier listed trend already has. */
  duplicateTopics: { topic: string; count: number }[];
  /** Gold stories that are the majority story of two or more listed trends, with the topics. */
  goldRepeats: { gold: string; topics: string[] }[];
  /** Share of listed trends whose topic best matches a member of the trend's majority story. */
  fidelity: number;
  /** Listed trends whose topic does not, with the best-matching member headline. */
  unfaithful: { topic: string; best: string }[];
  /** Topics and summaries carrying a text artifact, with its kind. */
  artifacts: { text: string; kind: string }[];
  /**
   * Listed trends whose summary is a member headline of another story than the trend's majority
   * one (the summary holds most of the words of a member headline, and every member headline it
   * holds best is of another story), with that headline.
   */
  offStorySummaries: { topic: string; summary: string; headline: string }[];
  /**
   * Listed trends no story holds a majority of (the largest gold story holds at most half of the
   * members: a show's guests, a day's market moves), with that share: a topic can only say what
   * such a trend's stories share, or tell one of them.
   */
  noMajorityStory: { topic: string; size: number; share: number }[];
  /**
   * Listed trends that carry another story beside their leading one: a second gold story holds at
   * least MIXED_MEMBERS members and MIXED_SHARE of them (a reader sees its headlines among the
   * citations under a topic that does not name it), with that story and its first headline.
   */
  mixed: { topic: string; size: number; gold: string; members: number; headline: string }[];
  /**
   * Share of the listed trends whose summary is traced to a member (its headline or lead holds
   * SUMMARY_AS_HEADLINE of the summary's words) whose summary comes from a member of the gold story
   * of the member whose headline the topic best matches (ties: any of the best on either side);
   * 1 when none is traced. A summary telling another part of a loosely drawn trend than its topic
   * is not.
   */
  summaryOfTopicStory: number;
  /** Listed trends whose summary is traced to a member. */
  summaryTraced: number;
  /** Those whose summary comes from another story than the topic's, with the topic's best member headline. */
  summaryApart: { topic: string; summary: string; headline: string }[];
  /**
   * Listed trends whose summary, traced to a member (a report line is no member's text), is far in
   * meaning from the topic: the cosine of their sentence embeddings below FAR_SUMMARY (only when
   * the embeddings are given), with it.
   */
  farSummaries: { topic: string; summary: string; cosine: number }[];
  /**
   * Listed trends whose summary only tells the topic again: it adds at most REPEAT_ADDS content
   * words (stemmed; stopwords and numbers out) to the topic's, or at least REPEAT_SHARE of its
   * content words are the topic's
   * ("China's CSI300 index at near 9-mth low, Hong Kong sinks too" under "China's CSI300 index at
   * near 9-month low"): a summary is to say what the topic does not.
   */
  topicRepeats: { topic: string; summary: string }[];
}

/** The label of a served member the corpora do not hold (demo-list-check.ts). */
export const NO_GOLD = '(no gold)';

/** A second story this large in a trend is one a reader notices under its topic. */
const MIXED_MEMBERS = 3;
const MIXED_SHARE = 0.15;

/** Share of a headline's words a summary must hold to be read as that headline. */
const SUMMARY_AS_HEADLINE = 0.6;

/** Cosine of a summary's and its topic's sentence embeddings below which the summary reads as another subject. */
export const FAR_SUMMARY = 0.35;

/** Words a summary may add to its topic, and the share of its words that may be the topic's, and still only repeat it. */
const REPEAT_ADDS = 1;
const REPEAT_SHARE = 0.8;

/** Lower-case words of a text, apostrophes and punctuation off. */
const folded = (t: string): string[] =>
  t
    .toLowerCase()
    .replace(/['’`´]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const STOP = new Set('a an and at by for from in of on or the to with is are be as its it'.split(' '));

/** How well a headline holds a topic: the share of the topic's words it has (stopwords out), then fewer extra words. */
function match(topic: string, headline: string): number {
  const want = folded(topic).filter((w) => !STOP.has(w));
  const have = new Set(folded(headline));
  if (want.length === 0) return 0;
  const share = want.filter((w) => have.has(w)).length / want.length;
  return share - 0.001 * have.size;
}

/**
 * The gold story a listed trend is counted under: the one holding most of its members. Where two
 * or more hold the same largest share (a 2-2 trend), the one the topic names (whose member the topic
 * best matches) leads, since that is the story a reader sees the trend as; an id's sort order,
 * which decided before, says nothing a reader sees. Left tied by the topic too, the first id.
 */
export function leadingGold(d: DemoTrend): string {
  const counts = new Map<string, number>();
  for (const g of d.gold) counts.set(g, (counts.get(g) ?? 0) + 1);
  const most = Math.max(...counts.values());
  const tied = [...counts]
    .filter(([, n]) => n === most)
    .map(([g]) => g)
    .sort();
  if (tied.length === 1) return tied[0]!;
  const named = (g: string) => Math.max(...d.titles.map((t, i) => (d.gold[i] === g ? match(d.trend.topic, t) : -1)));
  return tied.reduce((best, g) => (named(g) > named(best) ? g : best));
}

/** The indices of the best-scoring members (all of them when tied). */
function bestOf(scores: readonly number[]): number[] {
  const top = Math.max(...scores);
  return scores.flatMap((s, i) => (s === top ? [i] : []));
}

/** Cosine of two vectors. */
function cosine(a: Float32Array, b: Float32Array): number {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let k = 0; k < a.length; k++) {
    ab += a[k]! * b[k]!;
    aa += a[k]! * a[k]!;
    bb += b[k]! * b[k]!;
  }
  return ab / (Math.sqrt(aa * bb) || 1);
}

/** Whether a summary only tells its topic again (StoryQuality.topicRepeats). */
export function repeatsTopic(topic: string, summary: string): boolean {
  const topicWords = new Set(contentTerms(topic));
  const words = [...new Set(contentTerms(summary))];
  const added = words.filter((w) => !topicWords.has(w)).length;
  return added <= REPEAT_ADDS || (words.length > 0 && (words.length - added) / words.length >= REPEAT_SHARE);
}

/**
 * Whether a listed trend's summary tells the story its topic names: the members whose headline or
 * lead holds most of the summary's words (at least SUMMARY_AS_HEADLINE of them; undefined when none
 * does: a report line, a text no member holds) share a gold story with the members whose headline
 * the topic best matches (as topic fidelity reads the topic).
 */
function summaryOfTopic(d: DemoTrend): { same: boolean; headline: string } | undefined {
  const texts = d.titles.map((t, i) => `${t} ${d.leads?.[i] ?? ''}`);
  const source = texts.map((t) => match(d.trend.summary, t));
  if (Math.max(...source) < SUMMARY_AS_HEADLINE) return undefined;
  const named = bestOf(d.titles.map((t) => match(d.trend.topic, t)));
  const stories = new Set(named.map((i) => d.gold[i]));
  return { same: bestOf(source).some((i) => stories.has(d.gold[i])), headline: d.titles[named[0]!]! };
}

/**
 * The measures of one list of trends (the listed ones are judged); `embedText` (sentence
 * embeddings of the listed topics and summaries) adds the summaries far in meaning from their topic.
 */
export function storyQuality(
  trends: readonly DemoTrend[],
  embedText?: (text: string) => Float32Array | undefined,
): StoryQuality {
  const listed = trends.filter((d) => isListed(d.trend));
  const byTopic = new Map<string, number>();
  for (const d of listed) {
    const key = folded(d.trend.topic).join(' ');
    byTopic.set(key, (byTopic.get(key) ?? 0) + 1);
  }
  const byGold = new Map<string, string[]>();
  for (const d of listed) {
    const g = leadingGold(d);
    byGold.set(g, [...(byGold.get(g) ?? []), d.trend.topic]);
  }
  const unfaithful: StoryQuality['unfaithful'] = [];
  for (const d of listed) {
    const g = leadingGold(d);
    const best = bestOf(d.titles.map((t) => match(d.trend.topic, t)));
    // Ties: faithful when any best-matching member is of the majority story.
    if (!best.some((i) => d.gold[i] === g)) unfaithful.push({ topic: d.trend.topic, best: d.titles[best[0]!]! });
  }
  const offStorySummaries: StoryQuality['offStorySummaries'] = [];
  for (const d of listed) {
    const g = leadingGold(d);
    // How much of each member headline the summary holds (the headline's words, stopwords out).
    const scores = d.titles.map((t) => match(t, d.trend.summary));
    if (Math.max(...scores) < SUMMARY_AS_HEADLINE) continue;
    const best = bestOf(scores);
    if (!best.some((i) => d.gold[i] === g)) {
      offStorySummaries.push({ topic: d.trend.topic, summary: d.trend.summary, headline: d.titles[best[0]!]! });
    }
  }
  const artifacts = listed.flatMap((d) => [
    ...textArtifacts(d.trend.topic).map((kind) => ({ text: d.trend.topic, kind: `topic: ${kind}` })),
    ...textArtifacts(d.trend.summary).map((kind) => ({ text: d.trend.summary, kind: `summary: ${kind}` })),
    ...(folded(d.trend.topic).join(' ') === folded(d.trend.summary).join(' ')
      ? [{ text: d.trend.topic, kind: 'summary repeats the topic' }]
      : []),
    ...(cutOff(d.trend.topic, d.titles) ? [{ text: d.trend.topic, kind: 'topic cut off' }] : []),
  ]);
  const noMajorityStory = listed.flatMap((d) => {
    const g = leadingGold(d);
    const share = d.gold.filter((x) => x === g).length / d.gold.length;
    return share <= 0.5 ? [{ topic: d.trend.topic, size: d.gold.length, share }] : [];
  });
  const mixed = listed.flatMap((d) => {
    const g = leadingGold(d);
    const counts = new Map<string, number>();
    for (const x of d.gold) if (x !== g && x !== NO_GOLD) counts.set(x, (counts.get(x) ?? 0) + 1);
    return [...counts]
      .filter(([, n]) => n >= MIXED_MEMBERS && n / d.gold.length >= MIXED_SHARE)
      .map(([gold, members]) => ({
        topic: d.trend.topic,
        size: d.gold.length,
        gold,
        members,
        headline: d.titles[d.gold.indexOf(gold)]!,
      }));
  });
  const traced = listed.flatMap((d) => {
    const s = summaryOfTopic(d);
    return s ? [{ d, ...s }] : [];
  });
  const summaryApart = traced
    .filter((t) => !t.same)
    .map((t) => ({ topic: t.d.trend.topic, summary: t.d.trend.summary, headline: t.headline }));
  const farSummaries = embedText
    ? traced.flatMap(({ d }) => {
        const a = embedText(d.trend.topic);
        const b = embedText(d.trend.summary);
        const c = a && b ? cosine(a, b) : 1;
        return c < FAR_SUMMARY ? [{ topic: d.trend.topic, summary: d.trend.summary, cosine: c }] : [];
      })
    : [];
  return {
    listed: listed.length,
    duplicateTopics: [...byTopic]
      .filter(([, n]) => n > 1)
      .map(([topic, count]) => ({ topic, count }))
      .sort((a, b) => b.count - a.count || (a.topic < b.topic ? -1 : 1)),
    goldRepeats: [...byGold]
      .filter(([, topics]) => topics.length > 1)
      .map(([gold, topics]) => ({ gold, topics }))
      .sort((a, b) => b.topics.length - a.topics.length || (a.gold < b.gold ? -1 : 1)),
    fidelity: listed.length === 0 ? 1 : 1 - unfaithful.length / listed.length,
    unfaithful,
    artifacts,
    offStorySummaries,
    noMajorityStory,
    mixed,
    summaryOfTopicStory: traced.length === 0 ? 1 : 1 - summaryApart.length / traced.length,
    summaryTraced: traced.length,
    summaryApart,
    farSummaries,
    topicRepeats: listed
      .filter((d) => repeatsTopic(d.trend.topic, d.trend.summary))
      .map((d) => ({ topic: d.trend.topic, summary: d.trend.summary })),
  };
}

/** Text artifacts a reader sees: a split decimal, a doubled name prefix, a backtick for an apostrophe, HTML remnants, a cut ending, words said twice. */
export function textArtifacts(text: string): string[] {
  const out: string[] = [];
  if (
    /\d\. \d/.test(text) &&
    /(?:[$€£]\d+\. \d|\d\. \d+\s*(?:%|percent|billion|million))|\b(?:iOS|version|v)\s?\d+\. \d/i.test(text)
  ) {
    out.push('split decimal');
  }
  const prefix = /^(.{3,60}?)\s+[-–—:|]\s+(.+)$/u.exec(text);
  if (prefix && prefix[2]!.toLowerCase().startsWith(prefix[1]!.toLowerCase())) out.push('doubled prefix');
  if (/\p{L}[`´]\p{L}/u.test(text)) out.push('backtick apostrophe');
  // A backtick or acute accent opening or closing a quoted word ("Billboard's `Top Money Maker`").
  if (/(?:^|[\s(])[`´][\p{L}\p{N}]|[\p{L}\p{N}][`´](?:$|[\s).,:;!?])/u.test(text)) out.push('backtick quote');
  if (/&(?:[a-z]+|#\d+);|#39;/i.test(text)) out.push('HTML remnant');
  // An outlet's headline or lead cut off with an ellipsis reads as unfinished ("She's Not The Only ...").
  if (/(?:\.\s?\.\s?\.|…)[\s"'”’)\]]*$/u.test(text)) out.push('ends in an ellipsis');
  if (repeatedRun(text)) out.push('repeated words');
  return out;
}

/** Whether SAME_RUN_WORDS words in a row occur twice in a text (case and punctuation aside): a lead said twice. */
export function repeatedRun(text: string): boolean {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const seen = new Set<string>();
  for (let i = 0; i + SAME_RUN_WORDS <= words.length; i++) {
    const run = words.slice(i, i + SAME_RUN_WORDS).join(' ');
    if (seen.has(run)) return true;
    seen.add(run);
  }
  return false;
}

/**
 * Whether a topic stops in the middle of a name or noun phrase of the member headlines that hold
 * it: in most of them it is followed, with nothing but a space between, by a word the tagger reads
 * as a noun and not a verb while the topic's last word is a proper noun or a verb form ("Cardinals
 * QB Carson" of "... Carson Palmer", "Chicago Bears fire" of "... fire coach"); or it ends on "Episode" / "Part"
 * with a number or numeral after it.
 */
export function cutOff(topic: string, titles: readonly string[]): boolean {
  const lowerTopic = topic.toLowerCase();
  const holding = titles.filter((t) => t.toLowerCase().includes(lowerTopic));
  if (holding.length === 0) return false;
  let cut = 0;
  for (const title of holding) {
    const at = title.toLowerCase().indexOf(lowerTopic);
    const after = title.slice(at + topic.length);
    const next = /^ ([\p{L}\p{N}][\p{L}\p{N}'’-]*)/u.exec(after)?.[1];
    if (!next) continue;
    const terms = nlp(title).docs.flat() as { text: string; tags?: Set<string> }[];
    const lastWord = topic.split(/\s+/).pop()!.toLowerCase();
    const last = terms.find((t) => t.text.toLowerCase() === lastWord);
    const following = terms.find((t) => t.text === next);
    const lastTags = last?.tags ?? new Set<string>();
    const nextTags = following?.tags ?? new Set<string>();
    const verbLast = (lastTags.has('Verb') || lastTags.has('PresentTense')) && !lastTags.has('Noun');
    const nameGoesOn = lastTags.has('ProperNoun') && nextTags.has('ProperNoun') && nextTags.has('Person');
    const numbered = /^(?:episode|part|chapter|season)$/.test(lastWord) && /^(?:\d+|[ivxlc]+)$/i.test(next);
    if ((verbLast && nextTags.has('Noun')) || nameGoesOn || numbered) cut++;
  }
  return cut * 2 > holding.length;
}
