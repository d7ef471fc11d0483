import { escapeRegExp } from '@trendscope/core';
import { withoutSiteBids } from './bid-for';
import { largeCompanies, namesCompanyForm } from './business-names';
import { namesDealKind } from './event-kinds';
import { largestAmount, namesPersonalSum } from './money-amounts';

/**
 * The size of the deal a story is about, read from the whole story rather than from each headline:
 * few of a bid's headlines tell its amount ("Bouygues Raises Bid for Vivendi's SFR Unit", 3 of 34
 * member headlines give "$15.8 billion"), so a share of the texts, as the other features are, misses
 * a large bid. The amount is the largest any member attaches to the deal: in a text that names the
 * deal and one of its parties, not a person's sum.
 */
export interface StoryDeal {
  /** The amount in US dollars (money-amounts.ts' rough rates). */
  usd: number;
  /** The amount as written. */
  text: string;
  /** The text that attaches it to the deal. */
  source: string;
  /** The story's parties: names that most of its deal texts share (the text must name one). */
  parties: string[];
}

/** A story-level deal size from which a deal is the rubric's large merger or bid (7-8). */
export const LARGE_DEAL_USD = 5e9;

/**
 * A deal in words the deal kind of event-kinds.ts does not count on its own ("Comcast-Time Warner
 * Cable deal", "Vivendi board to meet on SFR bids", "raised $15.8 bln offer"): the one list of deal
 * words, which the story's deal and the rubric's large-company deal (rubric-readings.ts) both read.
 */
const DEAL_WORD_RE = /\b(?:deal|merger|tie-up|takeover|acquisition|bid|bids|bidding|offer|purchase)\b/i;
/** A capitalised name as headlines write it ("Bouygues", "SFR", "Jos.", "Men's"), split at "/" and "-". */
const NAME_RE = /\p{Lu}[\p{L}\p{N}&]+/gu;
/**
 * Capitalised words that are not a party: title-case function words, deal and money words, and
 * words that headlines capitalise for any story.
 */
const NOT_PARTY = new Set(
  (
    'the a an and or of for to in on at by with from as is are be its it after over into new says said ' +
    'deal merger takeover acquisition bid bids offer purchase buy buys raises raised rejects agrees ' +
    'billion bln bn million mln euro euros pound pounds dollar dollars update refile report reports top news ' +
    'company group inc corp plc unit firm talks'
  ).split(' '),
);

/** Whether a text names a deal (a deal word, or the deal kind of event-kinds.ts); a place's bid for a site is none. */
export function namesDeal(text: string): boolean {
  return DEAL_WORD_RE.test(withoutSiteBids(text)) || namesDealKind(text);
}

/**
 * The deal the story is about and its size, or null: the story must be about a deal (most of its
 * texts name one, or its central text does), which keeps a remark beside a deal ("WhatsApp CEO: We
 * won't compromise your privacy for Facebook", whose few deal headlines give "$16 billion") from
 * taking the deal's size.
 * @param central the story's most central text (its first central headline)
 * @param texts every text of the story (member headlines, and the lead)
 */
export function storyDeal(central: string, texts: readonly string[]): StoryDeal | null {
  // Most stories write no amount at all: the cheap test first (a trend reads hundreds of headlines).
  if (!texts.some((t) => largestAmount(t) !== null)) return null;
  const dealTexts = texts.filter(namesDeal);
  if (dealTexts.length === 0) return null;
  if (!(dealTexts.length * 2 > texts.length || namesDeal(central))) return null;
  const parties = storyParties(dealTexts);
  if (parties.length === 0) return null;
  const partyRes = parties.map(
    (p) => new RegExp(String.raw`(?<![\p{L}\p{N}])${escapeRegExp(p)}(?![\p{L}\p{N}])`, 'iu'),
  );
  let best: StoryDeal | null = null;
  for (const t of dealTexts) {
    if (namesPersonalSum(t) && largeCompanies(t).length === 0 && !namesCompanyForm(t)) continue;
    if (!partyRes.some((re) => re.test(t))) continue;
    const a = largestAmount(t);
    if (a && (!best || a.usd > best.usd)) best = { usd: a.usd, text: a.text, source: t, parties };
  }
  return best;
}

/** Names (lower-case) that at least half of the deal texts write, most common first. */
function storyParties(dealTexts: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const t of dealTexts) {
    const names = new Set(
      [...t.matchAll(NAME_RE)].map((m) => m[0].toLowerCase()).filter((n) => n.length > 1 && !NOT_PARTY.has(n)),
    );
    for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  }
  return [...counts]
    .filter(([, c]) => c * 2 >= dealTexts.length)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([n]) => n);
}
