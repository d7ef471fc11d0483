import { MAX_CITATIONS, type ArticleDoc, type CitationDoc, type TimelineBucket, type TrendDoc } from '@trendscope/core';
import type { Classifier } from '../classify/classifier';
import { normaliseText } from '../text/normalise-text';
import { contentTerms, stem } from '../text/tokenize';
import { sharesWordRun } from '../text/word-runs';
import { displayText, sameText } from './display-text';
import { meanEmbedding, type ImpactInput } from './impact-features';
import { businessImpact, IMPACT_HEADLINES } from './impact';
import { keyPhrases, type KeyPhrase } from './key-phrases';
import { isDatedColumnTrend } from './dated-column';
import { isRoundupTrend } from './roundup-title';
import { isDeskHeadline } from './trader-label';
import { itemsLastUnlessMost } from './items-last';
import { articleVector, dot, normalise, topTerms, type TermVector } from './term-vector';
import {
  beforeCut,
  chooseTopic,
  endsCut,
  isGeneric,
  isReviewHeadline,
  isShouting,
  namesNoEvent,
  withoutSectionLabel,
} from './topic';
import { newWave, tellsAnotherStory } from './reopened-wave';
import { meaningOrder } from './topic-centre';
import { trendCategory } from './trend-category';
import {
  decidedVelocity,
  DEFAULT_VELOCITY_OPTIONS,
  independentReportTimes,
  velocityClass,
  velocityHistory,
  velocityMetrics,
  type VelocityOptions,
} from './velocity';

/** The article fields a trend is built from, plus the article id and its effective time (ms). */
export type TrendMember = Pick<
  ArticleDoc,
  | 'url'
  | 'title'
  | 'description'
  | 'body'
  | 'publisher'
  | 'domain'
  | 'author'
  | 'published_date'
  | 'word_count'
  | 'fetch_method'
  | 'language'
  | 'simhash'
  | 'content_retained'
> & { id: string; time: number };

/** What buildTrend needs besides the members. */
export interface BuildTrendOptions {
  now: Date;
  classifier: Classifier;
  idf: (term: string) => number;
  /** Quality score per domain (from the domains index); a domain without one counts as 5.5. */
  domainQuality: ReadonlyMap<string, number>;
  /** Domains whose score rests on a published rating: they weigh RATED_DOMAIN_WEIGHT in the mean. */
  ratedDomains?: ReadonlySet<string>;
  velocity?: VelocityOptions;
  /** Sentence embedding of a text the run embedded (detectEmbeddings: central and sampled headlines, voters' texts). */
  embedText?: (text: string) => Float32Array | undefined;
}

/** Hourly buckets kept on a trend (the most recent ones). */
export const MAX_TIMELINE_BUCKETS = 720;
/** Terms in the stored retrieval signature. */
const SIGNATURE_TERMS = 30;
/** Quality assumed for a domain that has no score yet (the middle of the scale). */
const UNKNOWN_QUALITY = 5.5;
/**
 * Weight of a rated outlet in a trend's domain_quality_score, against 1 for an estimated (or
 * unknown) one. A published rating is the consensus itself; an estimate ranks held-out rated
 * domains at Spearman 0.38 only, so at equal weight two or three estimated outlets would outvote a
 * rated one. A chosen weight, not a fitted one (docs/quality.md): one rated outlet counts as four.
 */
export const RATED_DOMAIN_WEIGHT = 4;

/**
 * Builds the stored TrendDoc of one cluster: key-phrase topic and keywords, extractive summary of
 * the most central article (topic and summary read from its reports since a long silence when
 * those outnumber the rest and tell another story: reopened-wave.ts), category, velocity with its
 * metrics and class history, both scores with their breakdown, bounded citations and per-domain
 * counts. Pure: the clock is `opts.now`.
 */
export function buildTrend(
  id: string,
  members: readonly TrendMember[],
  opts: BuildTrendOptions,
  /** The counts of all its members when `members` are only some of them (grow-trend.ts); else counted from `members`. */
  whole?: TrendAggregates,
): TrendDoc {
  if (members.length === 0) throw new RangeError('a trend needs at least one article');
  const now = opts.now.getTime();
  const centre = trendCentre(members, opts.idf);
  const { sorted, vectors, centroid } = centre;
  const counts = whole ?? memberAggregates(sorted, now, opts.velocity ?? DEFAULT_VELOCITY_OPTIONS);
  const embedText = opts.embedText;
  // A trend whose reports since a long silence outnumber its earlier ones and tell another story
  // is told by them (its keywords stay those of all its members).
  const waveAfter = newWave(
    sorted.map((m) => m.time),
    counts.article_count,
  );
  const wave =
    waveAfter &&
    embedText &&
    tellsAnotherStory(
      sorted.slice(0, waveAfter[0]).map((m) => m.title),
      waveAfter.map((i) => sorted[i]!.title),
      embedText,
    )
      ? waveAfter
      : undefined;
  const told = wave
    ? trendCentre(
        wave.map((i) => sorted[i]!),
        opts.idf,
      )
    : centre;
  const reading = topicReading(told, opts.idf, embedText ? (titles) => meaningOrder(titles, embedText) : undefined);
  const { readOrder, topic } = reading;
  const phrases = wave
    ? keyPhrases(
        sorted.map((m) => displayText(m.title)),
        opts.idf,
      )
    : reading.phrases;
  const readMembers = readOrder.map((i) => told.sorted[i]!);
  const summary = chooseSummary(readMembers, topic);
  // The impact score reads a lead: a line of how the story was reported is none, the topic is.
  const lead = summary === reportLine(readMembers) ? topic : summary;
  const { category, confidence } = trendCategory(sorted, opts.classifier, opts.embedText);

  const {
    domains,
    score: domainQualityScore,
    breakdown: domainQuality,
  } = trendDomainQuality(counts.domain_articles, opts);
  const impact = businessImpact({
    ...impactInput(centralHeadlines({ sorted, vectors, centroid }), lead, domains, counts.independent_reports, opts),
    members: sorted.map((m) => normaliseText(m.title)),
  });

  return {
    id,
    topic,
    summary,
    keywords: phrases.map((p) => p.display.toLowerCase()),
    signature: [...topTerms(centroid, SIGNATURE_TERMS).keys()].join(' '),
    category,
    category_confidence: confidence,
    velocity: counts.velocity.velocity,
    business_impact_score: impact.score,
    domain_quality_score: domainQualityScore,
    first_seen: iso(counts.first_seen),
    last_seen: iso(counts.last_seen),
    updated_at: iso(now),
    article_count: counts.article_count,
    source_count: domains.length,
    source_domains: domains.slice(0, 200),
    origin_domain: counts.origin_domain,
    domain_articles: counts.domain_articles,
    citations: citations(sorted),
    timeline: counts.timeline,
    velocity_metrics: counts.velocity.metrics,
    score_breakdown: {
      business_impact: impact,
      domain_quality: domainQuality,
      independent_reports: counts.independent_reports,
      publishers: counts.publishers,
    },
    language: counts.language,
    retained_count: counts.retained_count,
    // Roundup columns' editions with at most one outlet's report besides are not listed (roundup-title.ts);
    // decided on all members only (a trend grown from a sample is far past a few editions).
    ...(whole === undefined && isRoundupTrend(sorted) ? { roundup: true } : {}),
    // A template column's editions for several days (rate tables) are not listed either (dated-column.ts).
    ...(whole === undefined && isDatedColumnTrend(sorted) ? { dated_column: true } : {}),
  };
}

/** Orders a trend's headlines (time order) by closeness to their centre of meaning; undefined when it cannot. */
export type MeaningOrder = (titles: readonly string[]) => number[] | undefined;

/**
 * A trend's topic and the order its members are read in for it and the summary: the members
 * nearest the centre of the headlines' meaning (topic-centre.ts) when the run embedded them, then
 * the rest by the term centroid (most central first, ties in time order); with the key phrases of
 * its headlines.
 */
export function topicReading(
  centre: Pick<ReturnType<typeof trendCentre>, 'sorted' | 'vectors' | 'centroid'>,
  idf: (term: string) => number,
  byMeaningOf?: MeaningOrder,
): { phrases: KeyPhrase[]; readOrder: number[]; topic: string } {
  const { sorted, vectors, centroid } = centre;
  const closeness = vectors.map((v) => dot(v, centroid));
  const byCentrality = sorted
    .map((_, i) => i)
    .sort((a, b) => (closeness[b]! - closeness[a]! > 1e-12 ? 1 : closeness[a]! - closeness[b]! > 1e-12 ? -1 : a - b));
  const centralMember = sorted[byCentrality[0]!]!;
  const titles = sorted.map((m) => displayText(m.title));
  const phrases = keyPhrases(titles, idf);
  const firstTitle = titles.find((t) => t !== '') ?? sorted[0]!.domain;
  const byMeaning = byMeaningOf?.(titles);
  const readOrder = byMeaning ? [...byMeaning, ...byCentrality.filter((i) => !byMeaning.includes(i))] : byCentrality;
  const centralTitle = titles[readOrder[0]!] || displayText(centralMember.title) || firstTitle;
  const headlines = [centralTitle, ...readOrder.map((i) => titles[i]!)].filter((t) => t !== '');
  const topic = clip(chooseTopic(sorted.length === 1 ? [] : phrases, headlines) || firstTitle, 200);
  return { phrases, readOrder, topic };
}

/** The topic buildTrend gives a trend of these members (lab tools that compare centres of meaning). */
export function buildTrendTopic(
  members: readonly TrendMember[],
  idf: (term: string) => number,
  byMeaningOf?: MeaningOrder,
): string {
  return topicReading(trendCentre(members, idf), idf, byMeaningOf).topic;
}

/** What a trend counts over all its members: the fields buildTrend does not read from their texts. */
export interface TrendAggregates {
  article_count: number;
  /** Its earliest and latest member (ms) and the domain of the earliest. */
  first_seen: number;
  last_seen: number;
  origin_domain: string;
  domain_articles: Record<string, number>;
  /** Distinct publishers (publisher, else domain). */
  publishers: number;
  independent_reports: number;
  velocity: ReturnType<typeof decidedVelocity>;
  timeline: TimelineBucket[];
  language: string | null;
  retained_count: number;
}

/** A trend's aggregates counted from all its members (in time order) at `now`. */
export function memberAggregates(
  sorted: readonly TrendMember[],
  now: number,
  vopts: VelocityOptions = DEFAULT_VELOCITY_OPTIONS,
): TrendAggregates {
  const origin = sorted[0]!;
  const reports = independentReportTimes(sorted.map((m) => ({ time: m.time, simhash: m.simhash })));
  const domainArticles: Record<string, number> = {};
  for (const m of sorted) domainArticles[m.domain] = (domainArticles[m.domain] ?? 0) + 1;
  return {
    article_count: sorted.length,
    first_seen: origin.time,
    last_seen: sorted[sorted.length - 1]!.time,
    origin_domain: origin.domain,
    domain_articles: domainArticles,
    publishers: new Set(sorted.map((m) => m.publisher || m.domain)).size,
    independent_reports: reports.length,
    velocity: decidedVelocity(velocityMetrics(reports, origin.time, now, vopts), vopts),
    timeline: timeline(sorted, reports, origin.time, now, vopts),
    language: mostCommon(sorted.map((m) => m.language).filter((l): l is string => l !== null)),
    retained_count: sorted.filter((m) => m.content_retained).length,
  };
}

/**
 * A trend's citing domains (most articles first) and its domain_quality_score with the breakdown
 * it serves, from its articles per domain and the run's domain scores: a trend no article joined
 * is rescored from its stored `domain_articles` alone (refresh-trend.ts).
 */
export function trendDomainQuality(
  domainArticles: Readonly<Record<string, number>>,
  opts: Pick<BuildTrendOptions, 'domainQuality' | 'ratedDomains'>,
): { domains: string[]; score: number; breakdown: Record<string, unknown> } {
  const domains = Object.keys(domainArticles).sort(
    (a, b) => domainArticles[b]! - domainArticles[a]! || (a < b ? -1 : 1),
  );
  const perDomain = Object.fromEntries(domains.map((d) => [d, opts.domainQuality.get(d) ?? UNKNOWN_QUALITY]));
  const weightOf = (d: string): number => (opts.ratedDomains?.has(d) ? RATED_DOMAIN_WEIGHT : 1);
  const totalWeight = domains.reduce((s, d) => s + weightOf(d), 0);
  const meanQuality = domains.reduce((s, d) => s + weightOf(d) * perDomain[d]!, 0) / totalWeight;
  const score = Math.round(meanQuality * 10) / 10;
  const breakdown = {
    per_domain: Object.fromEntries(domains.slice(0, MAX_CITATIONS).map((d) => [d, perDomain[d]])),
    domains: domains.length,
    rated_domains: domains.filter((d) => opts.ratedDomains?.has(d)).length,
    rated_weight: RATED_DOMAIN_WEIGHT,
    mean: score,
  };
  return { domains, score, breakdown };
}

/**
 * The summary of a trend, which says something its topic does not (never the topic again): the
 * lead of the most central member (members given most central first), its sentences that repeat
 * the topic left out ("the next distinct sentence of the lead"), or for headline-only trends the
 * member headline that adds most words to the topic among the most central ones, one its outlet
 * cut off only when there is no other; else the most central headline of all that adds a word;
 * else, when every member says only the topic (one headline carried by several outlets) or only
 * a text cut off, how it was reported: how many reports, by which publishers, over what time
 * (reportLine); a cut text when that is not known. Every text it takes is of the story: it shares
 * a word with the topic or with many member headlines (storyWords), so a headline of another story
 * that joined the trend, or a page's boilerplate sentence ("Top Stories from around the globe
 * brought to you by ..."), is never its summary.
 */
export function chooseSummary(given: readonly SummaryMember[], topic: string): string {
  // A review is no summary of a trend most of whose reports are no review (as for the topic), and a
  // forex desk's or trading site's title ("GBP/USD: ...", "... (NYSE:GM) ...", "GBP to AUD Exchange
  // Rate ...") none of a trend most of whose reports name the story in words; a desk's day told
  // mostly in such titles keeps its order (another pair's page would stand in for the trend's pair).
  const title = (m: SummaryMember): string => m.title ?? '';
  const byReview = itemsLastUnlessMost(given, (m) => isReviewHeadline(title(m)));
  const members = itemsLastUnlessMost(byReview, (m) => isDeskHeadline(title(m)));
  // The desk's titles were moved last: some of the members are, fewer than half.
  const inWords = members !== byReview;
  const topicWords = new Set(contentTerms(topic));
  // How much a text adds to the topic: its content words the topic lacks (a few are enough).
  const adds = (s: string): number =>
    Math.min(SUMMARY_ENOUGH_WORDS, new Set(contentTerms(s).filter((w) => !topicWords.has(w))).size);
  const story = storyWords(members, topicWords);
  const ofStory = (s: string, own: ReadonlySet<string> = story): boolean =>
    contentTerms(s).some((w) => own.has(wordRoot(w)));
  const candidate = (m: SummaryMember): string => {
    // Sentences that only say the topic again are left out (not a short piece such as "Mt."), and
    // so are sentences of no word of the story or of the page's own headline (its boilerplate).
    const own = new Set([...story, ...contentTerms(m.title ?? '').map(wordRoot)]);
    const lead = summarise(
      m,
      (sentence) => sentence.split(' ').length < 3 || (adds(sentence) > 0 && ofStory(sentence, own)),
    );
    // Only a lead glues the topic to its first sentence; a headline that opens with it goes on with it.
    const s = withoutSectionLabel(m.description || m.body ? afterOpening(lead, topic) : withoutPublisher(lead, m));
    // A headline its outlet cut off keeps its complete part ("FDA Proposes Overhaul of Nutrition
    // Facts Labeling - Food and Drug ..." -> "FDA Proposes Overhaul of Nutrition Facts Labeling").
    const whole = beforeCut(s);
    return whole !== undefined && whole.split(' ').length >= 3 ? whole : s;
  };
  const says = (s: string): boolean =>
    s !== '' && adds(s) > 0 && ofStory(s) && !sameText(s, topic) && !isGeneric(s) && !namesNoEvent(s);
  // A summary its outlet cut off ("... She's Not The Only ...") is taken only when no other says more;
  // one set in capitals ("RICK ROSS SCORES 5TH #1 ALBUM ...") only when no other says as much; a
  // trading site's page title, in a trend mostly told in words, only when no report in words says anything.
  const worth = (s: string): number =>
    adds(s) -
    (endsCut(s) ? SUMMARY_ENOUGH_WORDS + 1 : 0) -
    (isShouting(s) ? SUMMARY_ENOUGH_WORDS : 0) -
    (inWords && isDeskHeadline(s) ? SUMMARY_ENOUGH_WORDS + 1 : 0);
  let best: string | undefined;
  for (const s of members.slice(0, SUMMARY_CANDIDATES).map(candidate)) {
    if (!says(s)) continue;
    if (best === undefined || worth(s) > worth(best)) best = s;
    if (worth(best) >= SUMMARY_ENOUGH_WORDS) break;
  }
  if (best !== undefined && !endsCut(best)) return best;
  // The central ones add nothing (or only a cut text): the most central member further out that does.
  for (const m of members.slice(SUMMARY_CANDIDATES)) {
    const s = candidate(m);
    if (says(s) && !endsCut(s)) return s;
  }
  // A text cut off reads unfinished: how the story was reported says more, when that is known.
  return reportLine(members) ?? best ?? clip(topic, 320);
}

/**
 * The words of a trend's story: the topic's content words and those at least a quarter of its
 * member headlines share (at least two headlines).
 */
function storyWords(members: readonly SummaryMember[], topicWords: ReadonlySet<string>): Set<string> {
  const headlines = new Map<string, number>();
  for (const m of members) {
    for (const w of new Set(contentTerms(m.title ?? '').map(wordRoot))) headlines.set(w, (headlines.get(w) ?? 0) + 1);
  }
  const least = Math.max(2, Math.ceil(members.length / 4));
  return new Set([...[...topicWords].map(wordRoot), ...[...headlines].filter(([, n]) => n >= least).map(([w]) => w)]);
}

/** A word's first five letters: "crashed" and "crash", "identified" and "identify" meet (the stemmer keeps verb forms apart). */
function wordRoot(word: string): string {
  return stem(word).slice(0, 5);
}

/** What chooseSummary reads of a member: its texts, and who published it when (for reportLine). */
export type SummaryMember = Pick<TrendMember, 'title' | 'description' | 'body'> &
  Partial<Pick<TrendMember, 'publisher' | 'domain' | 'time'>>;

/** Most central members whose summaries are weighed; content words a summary must add to stop looking. */
const SUMMARY_CANDIDATES = 10;
const SUMMARY_ENOUGH_WORDS = 3;
/** Publishers a report line names before "and N more". */
const NAMED_PUBLISHERS = 3;

/**
 * How a trend was reported, for a trend whose every text is its topic: "4 reports by 3 publishers
 * (Reuters, CNBC and 1 more) over 5 hours." Undefined when the members carry no publisher or time.
 */
export function reportLine(members: readonly SummaryMember[]): string | undefined {
  const times = members.map((m) => m.time).filter((t): t is number => t !== undefined);
  const names = members.map((m) => m.publisher || m.domain).filter((p): p is string => !!p);
  if (times.length !== members.length || names.length !== members.length || members.length === 0) return undefined;
  const counts = new Map<string, number>();
  for (const p of names) counts.set(p, (counts.get(p) ?? 0) + 1);
  const publishers = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([p]) => p);
  const named = publishers.slice(0, NAMED_PUBLISHERS);
  const more = publishers.length - named.length;
  const list =
    more > 0
      ? `${named.join(', ')} and ${more} more`
      : named.length > 1
        ? `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`
        : named[0]!;
  const hours = (Math.max(...times) - Math.min(...times)) / 3_600_000;
  const span =
    hours < 1
      ? 'within an hour'
      : hours < 48
        ? `over ${Math.round(hours)} hours`
        : `over ${Math.round(hours / 24)} days`;
  if (members.length === 1) return `Reported by ${list}.`;
  const by = publishers.length === 1 ? list : `${publishers.length} publishers (${list})`;
  return `${members.length} reports by ${by} ${span}.`;
}

/** A headline without its own publisher's name after it ("... rescue fund - BBC News"): the name adds nothing. */
function withoutPublisher(headline: string, m: SummaryMember): string {
  for (const name of [m.publisher, m.domain]) {
    if (!name) continue;
    const at = headline.toLowerCase().lastIndexOf(name.toLowerCase());
    if (at > 0 && at + name.length === headline.length && /\s[|–—-]\s*$/u.test(headline.slice(0, at))) {
      return headline.slice(0, at).replace(/[\s|–—-]+$/u, '');
    }
  }
  return headline;
}

/**
 * A lead that opens with the topic glued to its first sentence ("Erie smashes snowfall record with
 * flakes still falling Snow continues to fall ..."): what follows it, when that opens a sentence.
 */
function afterOpening(text: string, topic: string): string {
  if (topic === '' || !text.toLowerCase().startsWith(topic.toLowerCase())) return text;
  const rest = text.slice(topic.length).replace(/^[\s.:;,|–—-]+/u, '');
  return /^["'“‘]?[\p{Lu}\p{N}]/u.test(rest) && rest.split(' ').length >= 3 ? rest : text;
}

/** A trend's members in time order, their term vectors, the centroid and the most central member. */
export function trendCentre(
  members: readonly TrendMember[],
  idf: (term: string) => number,
): { sorted: TrendMember[]; vectors: TermVector[]; centroid: TermVector; central: number } {
  const sorted = [...members].sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : 1));
  const vectors = sorted.map((m) => articleVector(m.title, m.description ?? m.body ?? '', idf));
  const centroid: TermVector = new Map();
  for (const v of vectors) for (const [t, w] of v) centroid.set(t, (centroid.get(t) ?? 0) + w);
  normalise(centroid);
  let central = 0;
  vectors.forEach((v, i) => {
    if (dot(v, centroid) > dot(vectors[central]!, centroid) + 1e-12) central = i;
  });
  return { sorted, vectors, centroid, central };
}

/** The trend's most central distinct headlines (closest to the centroid), which the impact score reads. */
export function centralHeadlines(
  centre: Pick<ReturnType<typeof trendCentre>, 'sorted' | 'vectors' | 'centroid'>,
): string[] {
  const { sorted, vectors, centroid } = centre;
  const order = sorted
    .map((_, i) => i)
    .sort((a, b) => dot(vectors[b]!, centroid) - dot(vectors[a]!, centroid) || a - b);
  const headlines: string[] = [];
  for (const i of order) {
    const title = normaliseText(sorted[i]!.title);
    if (title !== '' && !headlines.includes(title)) headlines.push(title);
    if (headlines.length === IMPACT_HEADLINES) break;
  }
  return headlines;
}

/**
 * What the impact score reads: the central headlines, the summary, the citing domains, the
 * independent reports, the classifier's probabilities for that text (the form the impact model was
 * fitted on: headlines and a lead) and the headlines' mean embedding when the run has one.
 */
function impactInput(
  headlines: string[],
  summary: string,
  domains: readonly string[],
  reports: number,
  opts: BuildTrendOptions,
): ImpactInput {
  const probs = opts.classifier.probabilities([...headlines, summary].join('. '));
  const categories = Object.fromEntries(probs.map((p) => [p.category, p.p]));
  const vectors = opts.embedText ? headlines.map(opts.embedText).filter((v) => v !== undefined) : [];
  const embedding = vectors.length === headlines.length ? meanEmbedding(vectors) : undefined;
  return { headlines, summary, domains, reports, categories, ...(embedding ? { embedding } : {}) };
}

/**
 * One or two leading sentences of the article (description first, else body), at most ~320 chars:
 * a description its outlet cut off ("... a slew o...") gives way to the body, and sentences the
 * page glued together are parted, so the first one ends where it does rather than being clipped.
 */
export function summarise(
  m: Pick<TrendMember, 'title' | 'description' | 'body'>,
  /** Sentences to keep when another is there (chooseSummary: those that add to the topic). */
  keep: (sentence: string) => boolean = () => true,
): string {
  const texts = [m.description, m.body, m.title].map((t) => displayText(t ?? '')).filter((t) => t !== '');
  const source = (texts.find((t) => !endsCut(t)) ?? texts[0] ?? '')
    // Sentences glued without a space by the page's markup ("tradition.The 129th annual parade").
    .replace(/(\p{Ll}{2}[.!?])(?=\p{Lu}\p{Ll})/gu, '$1 ');
  // A sentence ends at . ! or ? followed by a space and a capital, digit or quote: "7.1" and "U.S.
  // stocks" are no ends, so a decimal is never split into "7. 1".
  const sentences = source
    // An initial or a title's abbreviation ("Samuel L. Jackson", "Mt. Gox") ends no sentence either,
    // nor a short capitalised abbreviation before a number ("files Ch. 11", "Jan. 1, 2018", "Vol. 2").
    .split(
      /(?<=[.!?]+["'”’)]?)(?<!(?:^|[\s(])(?:\p{Lu}|Mt|St|Dr|Mr|Mrs|Ms|Gov|Sen|Rep|Gen|Jr|Sr|No|vs)\.)(?<!(?:^|[\s(])\p{Lu}\p{Ll}{1,3}\.(?=\s+\p{N}))\s+(?=["'“‘(]?[\p{Lu}\p{N}])/u,
    )
    .map((s) => s.trim())
    .filter(Boolean);
  if (sentences.length === 0) sentences.push(source);
  // A sentence cut off inside the text ("... a slew o...", then the body) is left out when another is there.
  // So is a photo's caption ("FILE - In this Sept. 30, 2016, file photo, ..."): it is not the story's.
  const whole = sentences.filter((x) => !endsCut(x) && !isPhotoCaption(x));
  const complete = whole.length > 0 ? whole : sentences;
  const kept = complete.filter(keep);
  const [first, ...rest] = kept.length > 0 ? kept : complete;
  let out = first ?? '';
  // Not a sentence that says the first again (a page's standfirst above its first paragraph,
  // "NEW YORK — " and the same words): the text would read as said twice.
  const second = rest.find((x) => !sharesWordRun(x, out));
  if (out.length < 120 && second && out.length + second.length < 320) out = `${out} ${second}`;
  return clip(out, 320);
}

/**
 * Whether a sentence is a photo's caption a page carried into its lead: an agency's file-photo mark
 * ("FILE - In this Dec. 13, 2016, file photo, ...", "FILE PHOTO: Traders work ...") or an opening "In
 * this ... photo," (the shapes the corpora's leads hold).
 */
export function isPhotoCaption(sentence: string): boolean {
  return /^(?:FILE(?: PHOTO)?\s*[-–—:]|In this\b.{0,60}?\b(?:photo|image|picture)(?=[\s,]))/u.test(sentence);
}

/** Earliest article of each domain first (source diversity), then the rest in time order, bounded. */
function citations(sorted: readonly TrendMember[]): CitationDoc[] {
  const firsts: TrendMember[] = [];
  const rest: TrendMember[] = [];
  const seen = new Set<string>();
  for (const m of sorted) {
    if (seen.has(m.domain)) rest.push(m);
    else {
      seen.add(m.domain);
      firsts.push(m);
    }
  }
  return [...firsts, ...rest]
    .slice(0, MAX_CITATIONS)
    .sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : 1))
    .map((m) => ({
      url: m.url,
      title: m.title,
      publisher: m.publisher,
      domain: m.domain,
      author: m.author,
      published_date: m.published_date,
      word_count: m.word_count,
      fetch_method: m.fetch_method,
    }));
}

/** Article counts per hour, each bucket with the velocity class as of its end (class history). */
export function timeline(
  sorted: readonly TrendMember[],
  reports: readonly number[],
  firstSeen: number,
  now: number,
  vopts: VelocityOptions,
): TimelineBucket[] {
  const counts = new Map<number, number>();
  for (const m of sorted) {
    const hour = Math.floor(m.time / 3_600_000) * 3_600_000;
    counts.set(hour, (counts.get(hour) ?? 0) + 1);
  }
  const buckets = [...counts.entries()].sort((a, b) => a[0] - b[0]).slice(-MAX_TIMELINE_BUCKETS);
  const history = velocityHistory(
    reports,
    firstSeen,
    buckets.map(([hour]) => Math.min(now, hour + 3_600_000 - 1)),
    vopts,
  );
  return buckets.map(([hour, articles], i) => ({
    bucket: iso(hour),
    articles,
    velocity: velocityClass(history[i]!, vopts),
  }));
}

export function mostCommon(values: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? null;
}

function clip(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/** An instant as a trend stores it (ISO, whole seconds without a fraction). */
export function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.000Z$/, 'Z');
}
