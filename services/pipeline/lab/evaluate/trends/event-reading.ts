import { countCosine, headlineEvents } from '../../../src/detect/event-classes';
import { keyPhrases } from '../../../src/detect/key-phrases';
import { stem, words } from '../../../src/text/tokenize';

/**
 * What event a trend's central headlines report, read from their words: the kind of event (a report,
 * a data release, a ruling, a finale, a death, ...), the event's own word ("deposition", "finale",
 * "survey", the statistic a release gives) and the event's subject (the trend's leading key phrase).
 * The next day's reports of one story tell the same event or its direct continuation; a subject's
 * next story tells another event of the same subject, in the same rare names (docs/lab-notes/trends.md,
 * "The next day's reports", 2026-12-06): measures of how alike two trends' words are cannot tell them
 * apart, a reading of the event might. The classes of event and a headline's reading are the
 * detector's (event-classes.ts: the rejoin's event test); the rest is lab only, measured by
 * event-reading-folds.ts.
 */

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
