import { eventKinds } from '../../../src/detect/event-kinds';
import { keyPhrases } from '../../../src/detect/key-phrases';
import { stem, words } from '../../../src/text/tokenize';

/**
 * What event a trend's central headlines report, read from their words: the kind of event (a report,
 * a data release, a ruling, a finale, a death, ...), the event's own word ("deposition", "finale",
 * "survey", the statistic a release gives) and the event's subject (the trend's leading key phrase).
 * The next day's reports of one story tell the same event or its direct continuation; a subject's
 * next story tells another event of the same subject, in the same rare names (docs/lab-notes/trends.md,
 * "The next day's reports", 2026-12-06): measures of how alike two trends' words are cannot tell them
 * apart, a reading of the event might. Lab only: measured by event-reading-folds.ts.
 */

/** The classes of event a headline can report, each with the words that name it (lower-case, whole words). */
export const EVENT_CLASSES: Readonly<Record<string, RegExp>> = {
  report:
    /\b(?:report(?:s|ed)?|stud(?:y|ies)|survey(?:s|ed)?|poll(?:s|ed)?|research(?:ers)?|findings?|finds|found|ranking(?:s)?|rankings|analysis|index|census|estimates?)\b/gi,
  legal:
    /\b(?:rul(?:ing|es|ed)|court|judge|trial|lawsuits?|suits?|sues|sued|suing|verdict|settle(?:s|d|ment)|fine[sd]?|deposition|testi(?:fies|fied|mony)|hearing|charge[sd]?|indict(?:ed|ment)|plea|pleads?|sentenced?|appeals?|probe|investigation)\b/gi,
  deal: /\b(?:merg(?:er|es|ed|ing)|acqui(?:res?|red|sition)|takeover|buyout|bids?|offer|stake|deal)\b/gi,
  launch:
    /\b(?:launch(?:es|ed)?|unveil(?:s|ed)?|debut(?:s|ed)?|releases?|released|introduc(?:es|ed)|rolls? out|goes on sale|on sale|available)\b/gi,
  episode: /\b(?:episodes?|premieres?|premiered|finale|season|recap|spoilers?|series)\b/gi,
  promo: /\b(?:trailers?|posters?|teasers?|clip|first look|promo|photos?|pictures|pics)\b/gi,
  review: /\b(?:reviews?|reviewed|critics?)\b/gi,
  award: /\b(?:awards?|wins|won|winners?|nominat(?:ed|ions?)|prize|honou?r(?:s|ed)?)\b/gi,
  death: /\b(?:dies|died|dead|death|obituary|funeral|tributes?|passes away|passed away|killed|memorial)\b/gi,
  arrest: /\b(?:arrest(?:s|ed)?|jail(?:ed)?|detained|custody|mugshot|booked)\b/gi,
  outbreak: /\b(?:outbreaks?|epidemic|pandemic|cases|spread(?:s|ing)?|infect(?:ions?|ed)|virus)\b/gi,
  election: /\b(?:elections?|votes?|voters?|voting|primary|referendum|ballots?|runoff)\b/gi,
  nature:
    /\b(?:storms?|quakes?|earthquakes?|eclipse|tornado(?:es)?|floods?|flooding|hurricane|meteor|blizzard|snow|moon|mars|comet|asteroid|aurora|tsunami|volcano|wildfire)\b/gi,
  box_office: /\b(?:box office|opening weekend|weekend|grosse[sd]|ticket sales)\b/gi,
  // An interview or a statement is an event; a verb of saying ("says", "talks", "tells") is how a
  // headline reports any event, so it reads none.
  remark: /\b(?:interview|opens up|slams|blasts|responds?|denies|denied|statement|tweets?|speech|press conference)\b/gi,
  relationship:
    /\b(?:dating|dates|split(?:s)?|divorc(?:e|es|ed|ing)|engaged|engagement|back together|break ?up|broke up|married|marry|wedding|pregnant|baby|reunit(?:e|es|ed)|romance|affair|couple)\b/gi,
  departure:
    /\b(?:quits?|quitting|leaving|leaves|steps? down|stepping down|resign(?:s|ed|ation)?|retir(?:es|ed|ing|ement)|exits?|fired|ousted|replac(?:es|ed|ing))\b/gi,
  markets:
    /\b(?:stocks?|shares|dow|nasdaq|s&p|markets?|sell-?off|futures|rally|trading|investors|yen|dollar|euro|bonds?|yields?)\b/gi,
  accident:
    /\b(?:crash(?:es|ed)?|missing|search|explosion|fire|collapse[sd]?|derail(?:s|ed|ment)|sinks?|sank|wreck(?:age)?|debris|outage|glitch|bug|hack(?:ed|ers?)?|breach)\b/gi,
  attack: /\b(?:shooting|shot|attacks?|bomb(?:s|ing)?|stabbing|gunman|terror(?:ist|ism)?|massacre|hostage)\b/gi,
  price: /\b(?:prices?|priced|costs?|fees?|charges for|cheaper|discounts?|free|deals? on)\b/gi,
  appearance:
    /\b(?:hosts?|hosting|hosted|appear(?:s|ance|ed)|performs?|performance|performed|sketch|cameo|stars? in|guest|concert|tour|sings?|cover)\b/gi,
  sales: /\b(?:sales|sold|sells|shipments|units|demand|orders)\b/gi,
  policy:
    /\b(?:law|bill|rules?|regulations?|ban(?:s|ned)?|legaliz\w+|approv(?:es|ed|al)|deadline|enrol(?:l)?(?:ment|ments|s|ed)?|sign-?ups?|mandate|policy|plan)\b/gi,
};

/** One class of EVENT_CLASSES by name. */
export type EventClass = keyof typeof EVENT_CLASSES;

/** Words before a mention of an earlier event that tell it as past ("after the report", "a day after"). */
const PAST_CUE =
  /\b(?:after|following|in wake of|in the wake of|follows|since|amid|latest|aftermath of|days? after|a day after)\b/gi;
/** Words after a past cue searched for the earlier trend's event or subject. */
const CUE_REACH = 6;

/** A trend's event reading: per class and per event word, how many of its headlines name it; its subject's words. */
export interface EventReading {
  headlines: number;
  classes: Map<string, number>;
  /** Event words, stemmed: the class's own word ("finale", "deposit"), the statistic of a data release ("gdp"). */
  events: Map<string, number>;
  /** The stems of the trend's leading key phrase (its subject). */
  subject: string[];
}

const bump = (m: Map<string, number>, k: string): void => void m.set(k, (m.get(k) ?? 0) + 1);

/** The classes and stemmed event words one headline names. */
export function headlineEvents(headline: string): { classes: Set<string>; events: Set<string> } {
  const classes = new Set<string>();
  const events = new Set<string>();
  for (const [name, re] of Object.entries(EVENT_CLASSES))
    for (const m of headline.matchAll(re)) {
      classes.add(name);
      events.add(m[0].toLowerCase().split(/\s+/).map(stem).join(' '));
    }
  // The codebase's readings of company and economy events in context (event-kinds.ts): a data release's
  // statistic is its event word, so two releases (GDP, then spending) are two events.
  const kinds = eventKinds(headline);
  for (const stat of kinds.macro_release ?? []) {
    classes.add('data_release');
    events.add(`release ${stat.split(/\s+/).map(stem).join(' ')}`);
  }
  if (kinds.recall) classes.add('recall').add('legal');
  if (kinds.earnings) classes.add('earnings');
  if (!kinds.launch) classes.delete('launch');
  if (!kinds.deal) classes.delete('deal');
  return { classes, events };
}

/** The event reading of a trend's central headlines; `idf` ranks the subject's key phrases. */
export function eventReading(headlines: readonly string[], idf: (term: string) => number): EventReading {
  const classes = new Map<string, number>();
  const events = new Map<string, number>();
  for (const h of headlines) {
    const e = headlineEvents(h);
    e.classes.forEach((c) => bump(classes, c));
    e.events.forEach((w) => bump(events, w));
  }
  const [top] = keyPhrases(headlines, idf, 1);
  return { headlines: headlines.length, classes, events, subject: top ? top.key.split(' ') : [] };
}

/** Cosine of two count maps (0 when either is empty). */
function countCosine(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  let d = 0;
  for (const [k, v] of a) d += v * (b.get(k) ?? 0);
  const n = (m: ReadonlyMap<string, number>): number => Math.sqrt([...m.values()].reduce((s, v) => s + v * v, 0));
  const na = n(a);
  const nb = n(b);
  return na === 0 || nb === 0 ? 0 : d / (na * nb);
}

/** What the event readings of an earlier trend A and a later trend B say about the pair. */
export interface EventPairMeasures {
  /** Cosine of the two trends' class counts: the same kind of event. */
  kindMatch: number;
  /** Cosine of the two trends' event-word counts: the same event named. */
  wordMatch: number;
  /** Share of B's headlines naming a class A's headlines never name: a new kind of event. */
  newKind: number;
  /** Share of B's headlines naming no event word of A's: a new event. */
  newWord: number;
  /** Share of B's headlines telling A's event or subject as past ("a day after the report"). */
  pastRef: number;
  /** Whether B's headlines hold A's subject (its leading key phrase's stems), or A's hold B's: 1 or 0. */
  subjectShared: number;
  /** The same event: word match, less B's new events, plus its past references (bounded 0..2). */
  sameEvent: number;
}

/** Stems of a headline's words, in order. */
const stems = (h: string): string[] => words(h.toLowerCase()).map(stem);

/** The event measures of an earlier trend's central headlines `a` and a later's `b`. */
export function eventPairMeasures(
  a: readonly string[],
  b: readonly string[],
  idf: (term: string) => number,
): EventPairMeasures {
  const [ra, rb] = [eventReading(a, idf), eventReading(b, idf)];
  const perB = b.map(headlineEvents);
  const n = Math.max(1, b.length);
  const newKind = perB.filter((e) => [...e.classes].some((c) => !ra.classes.has(c))).length / n;
  const newWord = perB.filter((e) => e.events.size > 0 && ![...e.events].some((w) => ra.events.has(w))).length / n;
  const earlierWords = new Set([...ra.events.keys()].flatMap((w) => w.split(' ')).concat(ra.subject));
  const pastRef =
    b.filter((h) =>
      [...h.matchAll(PAST_CUE)].some((m) => {
        const after = stems(h.slice(m.index + m[0].length)).slice(0, CUE_REACH);
        return after.some((w) => earlierWords.has(w));
      }),
    ).length / n;
  const holds = (heads: readonly string[], subject: readonly string[]): boolean =>
    subject.length > 0 && heads.some((h) => subject.every((w) => stems(h).includes(w)));
  const subjectShared = holds(b, ra.subject) || holds(a, rb.subject) ? 1 : 0;
  const wordMatch = countCosine(ra.events, rb.events);
  return {
    kindMatch: countCosine(ra.classes, rb.classes),
    wordMatch,
    newKind,
    newWord,
    pastRef,
    subjectShared,
    sameEvent: Math.max(0, wordMatch - newWord + pastRef),
  };
}
