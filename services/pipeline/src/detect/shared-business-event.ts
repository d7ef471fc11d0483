import { largeCompanies } from './business-names';
import { eventKinds, type EventKind } from './event-kinds';

/**
 * Kinds of event that happen to one company and go on for days (a recall's probe, a merger's
 * hearings, an IPO's pricing): a second trend naming the same company and kind within the rejoin's
 * window is a development of the first. Market moves, macro data and policy are about many firms at
 * once; analyst notes and tips are not events.
 */
const COMPANY_EVENTS: ReadonlySet<EventKind> = new Set([
  'deal',
  'ipo',
  'earnings',
  'recall',
  'enforcement',
  'restructuring',
  'funding',
  'launch',
]);

/** The company event two trends' central headlines both report: its kinds and the companies both name. */
export interface SharedBusinessEvent {
  kinds: EventKind[];
  companies: string[];
}

/**
 * The company event both sides' central headlines report, if any: a kind of COMPANY_EVENTS both
 * name (event-kinds.ts, read in context: "Keith Richards Recalls Childhood" is no recall) and a large
 * company both name (business-names.ts). "GM to offer loaner cars ... for ignition recall" and "US
 * House committee will probe GM recall" share the recall and GM; "Samsung Galaxy S5 gets anti-theft
 * features" and "Samsung to unveil Galaxy S5" share Samsung but no event.
 */
export function sharedBusinessEvent(a: readonly string[], b: readonly string[]): SharedBusinessEvent | undefined {
  const kindsOf = (texts: readonly string[]): EventKind[] =>
    (Object.keys(eventKinds(texts.join('. '))) as EventKind[]).filter((k) => COMPANY_EVENTS.has(k));
  const kindsB = new Set(kindsOf(b));
  const kinds = kindsOf(a).filter((k) => kindsB.has(k));
  if (kinds.length === 0) return undefined;
  const companiesB = new Set(largeCompanies(b.join('. ')));
  const companies = largeCompanies(a.join('. ')).filter((c) => companiesB.has(c));
  return companies.length === 0 ? undefined : { kinds, companies };
}
