import type { Category } from '@trendscope/core';
import type { Classification, Classifier } from '../classify/classifier';
import {
  reportsCompanyDeal,
  reportsCrimeWithoutCompany,
  reportsDeviceNews,
  reportsIncident,
  namesUsState,
  reportsMarketMove,
  reportsStaffCrime,
} from './category-events';

/** Members classified for a trend's category at most (evenly spread over its life beyond that). */
const MAX_VOTERS = 100;

/** What a member is classified on: its headline and the start of its lead, as a feed item reads. */
export function memberText(m: { title: string; description?: string | null; body?: string | null }): string {
  const lead = (m.description ?? m.body ?? '').slice(0, 600);
  return lead ? `${m.title}. ${lead}` : m.title;
}

/**
 * A trend's category as a confidence-weighted vote of its members, each classified on its own
 * text (headline plus lead, as a feed item reads): the category with the most summed confidence
 * wins (ties: by name), and its confidence is its
 * share of the summed confidence. One text made of the first headlines let a few early members
 * decide; held out, the vote labels 0.895 of trends right against 0.867 (docs/quality.md). A model
 * with a sentence-embedding block reads each text's embedding from `embedText` (detection embeds
 * the texts it needs once per run). A member's answer is read against what its headline reports
 * (memberAnswer).
 */
export function trendCategory(
  members: readonly { title: string; description?: string | null; body?: string | null }[],
  classifier: Classifier,
  embedText?: (text: string) => Float32Array | undefined,
): Classification {
  const votes = new Map<Category, number>();
  let total = 0;
  for (const m of voters(members)) {
    const { category, confidence } = memberAnswer(m.title, memberText(m), classifier, embedText);
    votes.set(category, (votes.get(category) ?? 0) + confidence);
    total += confidence;
  }
  const [best] = [...votes].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  if (!best || total === 0) return { category: 'other', confidence: 0 };
  return { category: best[0], confidence: Math.round((best[1] / total) * 1000) / 1000 };
}

/** Categories an incident's headline (an accident, the weather, a flight, a surprised person) is not filed under. */
const NOT_INCIDENTS: ReadonlySet<string> = new Set(['business', 'technology', 'entertainment']);

/**
 * One member's vote: the classifier's answer on its text, read against what its headline reports
 * (category-events.ts). A company's takeover, listing, results or price war, or a traded asset's
 * price move, answered `technology` votes `business` (IPTC files a chip maker's takeover and
 * bitcoin's fall under business); a device's launch, leak or review answered `business` votes
 * `technology`; a crime, trial or scam with no company as its subject answered `business` or
 * `technology` votes the classifier's best category other than those two, and a company's staff
 * caught in one votes `other` (IPTC's crime, law and justice, which the taxonomy does not have: the
 * company is not its subject, and the next category is a guess at ~0), and so does one whose next
 * category is `world` when the headline names a US state (no international news); an accident, the weather, a
 * flight's mishap or a surprised person answered
 * `business`, `technology` or `entertainment` votes `other` with the same confidence (IPTC's
 * disaster and accident, weather and human interest, which the taxonomy does not have; a foreign
 * one answered `world` stays international news).
 */
export function memberAnswer(
  headline: string,
  text: string,
  classifier: Classifier,
  embedText?: (text: string) => Float32Array | undefined,
): Classification {
  const answer = classifier.classify(text, embedText?.(text));
  if (answer.category === 'technology' && (reportsCompanyDeal(headline) || reportsMarketMove(headline)))
    return { ...answer, category: 'business' };
  if (NOT_INCIDENTS.has(answer.category) && reportsIncident(headline)) return { ...answer, category: 'other' };
  if (answer.category === 'business' && reportsDeviceNews(headline)) return { ...answer, category: 'technology' };
  if ((answer.category === 'business' || answer.category === 'technology') && reportsCrimeWithoutCompany(headline)) {
    if (reportsStaffCrime(headline)) return { ...answer, category: 'other' };
    const [next] = classifier
      .probabilities(text, embedText?.(text))
      .filter((p) => p.category !== 'business' && p.category !== 'technology')
      .sort((a, b) => b.p - a.p);
    // A crime in a US state is no international news: `other` (crime, law and justice), as a staff crime.
    if (next?.category === 'world' && namesUsState(headline)) return { ...answer, category: 'other' };
    if (next) return { category: next.category, confidence: Math.round(next.p * 1000) / 1000 };
  }
  return answer;
}

/** The members that vote: all up to MAX_VOTERS, else MAX_VOTERS spread evenly over the trend's life. */
export function voters<M>(members: readonly M[]): M[] {
  const step = Math.max(1, members.length / MAX_VOTERS);
  const out: M[] = [];
  for (let i = 0; i < members.length; i += step) out.push(members[Math.floor(i)]!);
  return out;
}
