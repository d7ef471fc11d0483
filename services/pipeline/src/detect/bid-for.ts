import { namesAnyCompany } from './business-names';
import { namesUsState } from './category-events';
import { geoFeatures } from '../classify/geo-features';

/**
 * "Bid for" is a takeover only when what is bid for is a company, a unit, shares, assets, a licence
 * or a contract: "Relativity Media Bids for Maker Studios", "Bouygues Raises Bid for Vivendi's SFR",
 * "Much for Vivendi to ponder in bids for its telecoms unit". A bid for anything else is an attempt:
 * "Prosecutors oppose McDonnell bid for more details" (a motion in a trial), "Tymoshenko bid for
 * Ukraine's top job", "Family's bid for experimental drug", "Google's latest bid for the living
 * room". Of UCI's 36 distinct headlines with "bid(s) for", 28 bid for a company or a unit (all read so)
 * and 8 for something else (5 read so; lab notes, business-impact.md, 2026-12-07). A place's bid for a
 * plant, a headquarters or a site is a site competition, not a takeover: "Texas' bid for Tesla
 * plant" (SITE_RE).
 */
const BID_FOR_RE = /\bbids? for\b/gi;

/** What a company bids for beside its name: a part of a company, its shares, a right or a contract. */
const ASSET_RE =
  /\b(?:units?|divisions?|subsidiar(?:y|ies)|business(?:es)?|stakes?|shares?|assets?|licen[cs]es?|contracts?|rights|spectrum|franchises?|operations|studios?|networks?|chains?|stores?)\b/i;

/** What a place competes to host: a company's plant, offices or an event, not the company. */
const SITE_RE =
  /\b(?:plants?|factory|factories|gigafactory|headquarters|hq|campus|facility|facilities|site|hub|data cent(?:er|re)s?|jobs|olympics|games|world cup|expo)\b/i;

/** A place as the bidder: a US state or a country by name, or a state, a city or a region by role. */
const PLACE_WORD_RE = /^(?:state|states|city|cities|town|county|region|province)$/i;

/** A capitalised word that is no name: a determiner or a pronoun a title-cased headline capitalises ("Bid for More Handouts"). */
const NOT_NAME = new Set(
  'a an the more most its his her their our your my this that these those another some any all each every no further'.split(
    ' ',
  ),
);

/**
 * The "bid(s) for" phrases of a text whose object (up to four words after it, up to a punctuation
 * mark) names a company (business-names.ts: a large one or a company's form, "firm", "operator",
 * "maker"), a company's part or an asset (`ASSET_RE`), or a name: a capitalised first word that is
 * no determiner, read past a possessive to the word it owns ("Vivendi's SFR" is a name, "Ukraine's
 * top job" is not). Each with where it starts.
 */
export function bidsForCompany(text: string): { phrase: string; index: number }[] {
  const out: { phrase: string; index: number }[] = [];
  for (const m of text.matchAll(BID_FOR_RE)) {
    const words = objectWords(text.slice(m.index + m[0].length));
    if (isSiteCompetition(text.slice(0, m.index), words)) continue;
    if (isCompanyObject(words)) out.push({ phrase: m[0], index: m.index });
  }
  return out;
}

/**
 * The text with each site competition's "bid(s) for" blanked ("Texas' bid for Tesla plant"), for the
 * deal words of story-deal.ts, which count a bare "bid".
 */
export function withoutSiteBids(text: string): string {
  return text.replace(BID_FOR_RE, (phrase, index: number) =>
    isSiteCompetition(text.slice(0, index), objectWords(text.slice(index + phrase.length)))
      ? ' '.repeat(phrase.length)
      : phrase,
  );
}

/** What is bid for: up to four words after "bid(s) for", up to a punctuation mark or a dash. */
function objectWords(rest: string): string[] {
  const object = /^\s*([^,.;:!?()"“”|]*)/.exec(rest)![1]!.split(/\s+[-–—]\s+/)[0]!;
  return object.split(/\s+/).filter(Boolean).slice(0, 4);
}

/**
 * A place bidding to host a site ("Texas' bid for Tesla plant", "Arizona's bid for gigafactory", "city's
 * bid for Amazon headquarters"): the words before "bid for" end in a place (a US state or a country by
 * name, or a state or a city by role) and what is bid for is a site (SITE_RE). A company's bid for a
 * plant ("Fiat bids for Opel plant") stays a deal.
 */
function isSiteCompetition(before: string, object: readonly string[]): boolean {
  if (!SITE_RE.test(object.join(' '))) return false;
  const words = before
    .trim()
    .split(/\s+/)
    .map((w) => w.replace(/(?:'s|’s|'|’)$/, ''));
  const last = words.at(-1) ?? '';
  const lastTwo = words.slice(-2).join(' ');
  return (
    PLACE_WORD_RE.test(last) ||
    (/^\p{Lu}/u.test(last) && (namesUsState(last) || geoFeatures(last).length > 0)) ||
    (/^(?:New|North|South|West|Rhode) \p{Lu}/u.test(lastTwo) && namesUsState(lastTwo))
  );
}

function isCompanyObject(words: readonly string[]): boolean {
  const phrase = words.join(' ');
  if (!phrase) return false;
  if (namesAnyCompany(phrase) || ASSET_RE.test(phrase)) return true;
  let i = 0;
  // A possessive name owns what is bid for: read the word it owns.
  if (/^\p{Lu}[\p{L}\p{N}&.-]*(?:'s|’s|s'|')$/u.test(words[0]!) && words.length > 1) i = 1;
  const word = words[i]!;
  return /^\p{Lu}/u.test(word) && !NOT_NAME.has(word.toLowerCase());
}
