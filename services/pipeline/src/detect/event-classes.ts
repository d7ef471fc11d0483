import { eventKinds } from './event-kinds';
import { otherSeasons } from './season-numbers';
import { stem } from '../text/tokenize';
import { dot } from './term-vector';

/**
 * The kind of event a headline reports (a report, a data release, a ruling, a premiere, a death, ...),
 * read from its words, and how alike two trends' central headlines are in it (eventKindMatch). The
 * next day's reports of one story tell the same event or its continuation in other words; a
 * subject's next story tells another kind of event (docs/lab-notes/trends.md, "The next day's
 * reports read by the event they report"). The story rejoin's event test reads it
 * (rejoin-stories.ts); the lab's fuller reading (event words, subject, past cues) is
 * lab/evaluate/trends/event-reading.ts.
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
  // A sky event is an eclipse, a meteor (shower), a blood or super moon, a planet's opposition or
  // alignment ("Mars, Earth, Sun Alignment Tonight", "Mars Opposition April 14"); a planet's or the
  // Moon's name alone is none ("NASA tests flying saucer for Mars", "Weird Mars Lights", a film's "Moon").
  nature:
    /\b(?:storms?|quakes?|earthquakes?|eclipses?|tornado(?:es)?|floods?|flooding|hurricane|meteors?(?: showers?)?|blizzard|snow|(?:blood|red|pink|full|harvest|super)[ -]?moons?|comet|asteroid|aurora|tsunami|volcano|wildfire|(?:mars|venus|jupiter|saturn)\b[^.!?]{0,40}?\b(?:opposition|align(?:s|ed|ment)?|line up|closest)|(?:opposition|alignment|align|line up)\b[^.!?]{0,40}?\b(?:mars|venus|jupiter|saturn))\b/gi,
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
  if (readsEarnings(kinds)) classes.add('earnings');
  if (!kinds.launch) classes.delete('launch');
  if (!kinds.deal) classes.delete('deal');
  return { classes, events };
}

/**
 * Whether a headline's earnings phrases (event-kinds.ts) tell a company's results: "guidance" is a
 * company's outlook ("easyJet lifts first-half guidance") or, in a headline naming a central bank,
 * the bank's forward guidance ("Fed clarifies guidance on short-term rates"). Of UCI's 110 distinct
 * headlines with "guidance", 47 name a central bank and read it as earnings by "guidance" alone, all
 * the bank's; no company's guidance among the 35 names one (docs/lab-notes/trends.md, "Forward
 * guidance is no earnings", 2026-12-07). 49 since "BOE" in capitals names the bank
 * (lab-notes/business-impact.md, 2026-12-07). Another earnings phrase still reads earnings.
 */
function readsEarnings(kinds: ReturnType<typeof eventKinds>): boolean {
  return (kinds.earnings ?? []).some((p) => p !== 'guidance' || kinds.central_bank === undefined);
}

/** Cosine of two count maps (0 when either is empty), by term-vector.ts's sparse dot product. */
export function countCosine(a: Map<string, number>, b: Map<string, number>): number {
  const norms = dot(a, a) * dot(b, b);
  return norms === 0 ? 0 : dot(a, b) / Math.sqrt(norms);
}

/**
 * Kinds every day's report of many stories shares by its nature: two trading days are both markets,
 * two data releases (another statistic, another place: a US state's jobless rate and the UK's)
 * both a release. Two trends sharing only these share no event (eventKindMatch).
 */
const KINDS_OF_MANY_STORIES: ReadonlySet<string> = new Set(['markets', 'data_release']);

/** How many of the headlines name each class of event (headlineEvents). */
export function eventClassCounts(headlines: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const h of headlines) for (const c of headlineEvents(h).classes) counts.set(c, (counts.get(c) ?? 0) + 1);
  return counts;
}

/**
 * Cosine of the class counts of two trends' central headlines (1: they report the same kind of
 * event in the same shares; 0: no kind in common), or 0 when the kinds they share are only kinds of
 * many stories (KINDS_OF_MANY_STORIES: another trading day, another release), or when they name
 * seasons of a series and none in common (season-numbers.ts: a finale and the next season).
 */
export function eventKindMatch(a: readonly string[], b: readonly string[]): number {
  if (otherSeasons(a, b)) return 0;
  const [ca, cb] = [eventClassCounts(a), eventClassCounts(b)];
  if (![...ca.keys()].some((k) => cb.has(k) && !KINDS_OF_MANY_STORIES.has(k))) return 0;
  return countCosine(ca, cb);
}
