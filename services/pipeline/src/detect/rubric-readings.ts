import { largeCompanies, namesAnyCompany } from './business-names';
import { reportsCrimeWithoutCompany } from './category-events';
import { namesCompanyLaunch, namesCompanyRecall, type EventKind } from './event-kinds';
import { largestAmount } from './money-amounts';
import { LARGE_DEAL_USD, namesDeal, type StoryDeal } from './story-deal';

/**
 * What the rubric's bounds read of a story beyond the regression's features
 * (services/pipeline/data/impact-ratings/RUBRIC.md): each a share of the story's texts, but
 * `large_deal`, read of the whole story (1 or 0). They bound
 * the served score (rubricBounds in impact-model.ts) and are not columns of the regression, whose
 * few rated examples of each would only shrink their weight to nothing.
 */
export interface RubricReadings {
  /** A deal between two large companies ("Comcast-Time Warner Cable merger"): the rubric's large merger, 7-8. */
  large_company_deal: number;
  /**
   * The story is about a deal of $5B or more (LARGE_DEAL_USD), its size read from every member
   * (story-deal.ts; the amount in score_breakdown's `story_deal`): the rubric's large merger or bid, 7-8.
   */
  large_deal: number;
  /** A merger that names both parties ("Chiquita, Fyffes merge"): at least the rubric's mid-size deal, 5-6. */
  named_merger: number;
  /**
   * A major recall: a large company's recall under an official probe ("US opens probe into GM
   * recall") or a recall of a million units or more; the rubric's 7-8 against "a recall of one model".
   */
  major_recall: number;
  /** A central bank's decision on policy ("Fed holds rates", "ECB cuts deposit rate"). */
  central_bank_decision: number;
  /** A head of government's or a minister's words that report no decision ("China's debt risks are controllable: Premier Li"). */
  official_remark: number;
  /**
   * A large company's executive leaving or arriving ("Anne Sweeney to step down as Disney chief",
   * "Crawford Gillies to join Barclays board"): the news of one company, the rubric's 3-4 at least.
   */
  executive_change: number;
  /**
   * A day's market report: prices moving (the `markets` kind) or a currency's rate moving ("Asian
   * currencies rise as yuan steadies; rupee shines"), not a policy on the currency (a trading band,
   * a peg, an intervention, a crisis). The market-report ceiling reads it (readingBounds).
   */
  market_report: number;
  /**
   * A launch told by a story that names a large company ("'Titanfall' launches on Xbox One" beside
   * "Microsoft's hopes 'Titanfall' shows off Xbox One's technology"; a company's own rocket counts,
   * namesCompanyLaunch): the share of texts telling the launch, 0 when no text names a large company.
   */
  company_launch: number;
  /**
   * A missile fired, launched or tested ("North Korea fires missile over Japan", "UN condemns North
   * Korea's firing of ballistic missile"), the share of texts telling it, 0 when no text tells it
   * flew over a country: the rubric's own example of a geopolitical shock ("a missile test over
   * Japan that moves markets is high"), 7-8 at least.
   */
  missile_overflight: number;
  /**
   * A regulator or a government setting a rule for a whole industry or product class, naming no
   * company ("FDA proposes new food labels", "US requires new cars to have backup cameras", "Court
   * upholds Fed rules on debit-card swipe fees"): the rubric's industry-wide regulation, 7-8.
   */
  industry_rule: number;
  /**
   * A crime, a trial or a scam with no company or market as its subject (category-events.ts: "Louisiana
   * man charged in 'Nigerian prince' internet scam", "Prosecutors oppose McDonnell bid for more
   * details"): the share of texts telling it. With no company, amount or business event in the story,
   * the rubric's little or no business relevance (the crime ceiling, readingBounds).
   */
  crime_without_company: number;
}

/** The readings' names, in a fixed order. */
export const RUBRIC_READINGS = [
  'large_company_deal',
  'large_deal',
  'named_merger',
  'major_recall',
  'central_bank_decision',
  'official_remark',
  'executive_change',
  'market_report',
  'company_launch',
  'missile_overflight',
  'industry_rule',
  'crime_without_company',
] as const satisfies readonly (keyof RubricReadings)[];

/**
 * Names that are one company under two spellings, or an investor rather than a company: a pair of
 * them is not a deal between two large companies.
 */
const SAME_COMPANY: Readonly<Record<string, string>> = {
  'wal-mart': 'walmart',
  'jp morgan': 'jpmorgan',
  exxonmobil: 'exxon',
  'general motors': 'gm',
  vw: 'volkswagen',
  'hewlett-packard': 'hp',
  glaxosmithkline: 'gsk',
  'king digital': 'candy crush',
  alphabet: 'google',
  citi: 'citigroup',
  daimler: 'mercedes',
};
const INVESTORS = new Set(['buffett', 'icahn']);

/** A name as headlines write it: a capitalised word, with "&", "'" or "-" inside. */
const NAME = String.raw`\p{Lu}[\p{L}\p{N}&'’.]*`;
/**
 * Two named parties joined before a merger ("Chiquita, Fyffes merger", "Dish-DirecTV Merger",
 * "Chiquita And Fyffes To Merge"): a merger is a combination of the two it names.
 */
const NAMED_MERGER_RE = new RegExp(
  String.raw`${NAME}(?:\s${NAME})?\s*(?:[-–/,]|\s(?:and|And|AND|&)\s)\s*${NAME}(?:\s\S+){0,2}\s(?:[Mm]erg(?:e|er|ers|es|ing)|MERGE[RS]?)\b`,
  'u',
);

/** An official inquiry into a company's recall: a regulator's, a prosecutor's or a legislature's. */
const PROBE_RE =
  /\b(?:probes?|probed|probing|investigat\w*|inquir(?:y|ies|es)|congress(?:ional)?|senate|hearings?|justice department|doj|nhtsa|regulators?|criminal)\b/i;
/** A count of a million units or more, not money ("2.6M small cars", "1.6 million vehicles"). */
const MILLION_UNITS_RE =
  /(?<![$€£¥\d.,])(?:\d+(?:\.\d+)?\s?(?:million|mln|m)\b(?!\s*(?:dollars|euros|pounds|yen))|\d{1,3}(?:,\d{3}){2,}\b)/i;

/** A central bank named as an institution. */
const CENTRAL_BANK_RE =
  /\b(?:Fed|FOMC|ECB|BoE|BOE|BoJ|BOJ|PBOC|PBoC|RBI|SNB|RBA|Riksbank|Federal Reserve|central bank|Bank of (?:England|Japan|Canada|Korea))\b/;
/**
 * A decision the bank takes, not one a speaker says it may or should take: a verb's third-person or
 * past form ("Fed holds rates", "ECB cut its deposit rate"), never the bare word, which headlines
 * also write as a noun ("Fed's Plosser: Taper pace may be too slow").
 */
const DECISION_RE =
  /\b(?<!(?:should|could|may|might|would|must|to|not) )(?:raises|raised|hikes|hiked|cuts|cut(?= (?:its|the|rates?|interest|deposit|benchmark|key|policy)\b)|lowers|lowered|holds|held|keeps|kept|leaves|left|slashes|slashed|trims|trimmed|tapers|tapered|ends|ended|expands|expanded|extends|extended|launches|launched|announces|announced|unveils|unveiled|boosts|boosted|maintains|maintained|votes to|decides|decided|decision|unchanged|on hold)\b/i;

/** A head of government or a minister, by role. */
const OFFICIAL_RE = /\b(?:premier|prime minister|president|chancellor|(?:\p{L}+ )?minister|treasury secretary)\b/iu;
/** Words that report what the official said, not what the government did. */
const SAYS_RE =
  /(?:^[^:]{2,60}:|:\s*(?:\p{Lu}[\p{L}.]*\s?){1,4}$|\b(?:says?|said|saying|downplays?|plays down|vows?|pledges?|insists?|warns?|urges?|calls? for|hopes?|expects?|believes?|should|wants?|defends?|repeats?|reiterates?)\b)/u;
/** Words that report a decision: an announcement, a law, a measure. */
const GOVERNMENT_DECISION_RE =
  /\b(?:announc(?:es|ed)|approv(?:es|ed)|signs?|signed|pass(?:es|ed)|impos(?:es|ed)|orders?|ordered|bans?|banned|launch(?:es|ed)|unveil(?:s|ed)|cuts?|raises?|lowers?|scraps?|plans?|sets?|agrees?|agreed|decides?|decided)\b/i;

/** An executive by role: a television show's executive producer is none. */
const EXECUTIVE_RE =
  /\b(?:ceo|cfo|coo|cto|chief executive|chief|chairman|chairwoman|president|executive(?! producer)|execs?|boss|board)\b/i;
/** An executive's leaving or arriving, not what the executive says or does in office. */
const EXECUTIVE_CHANGE_RE =
  /\b(?:leav(?:e|es|ing)|step(?:s|ping)? down|stepped down|resign(?:s|ed|ing|ation)?|quit(?:s|ting)?|depart(?:s|ed|ing|ure)?|retir(?:e|es|ed|ing|ement)|oust(?:s|ed)?|fired|replac(?:e|es|ed|ing)|succeed(?:s|ed)?|successor|named|appoint(?:s|ed|ment)?|hires?|hired|join(?:s|ed)?|exits?)\b/i;

/**
 * A currency, or currencies as a market, named just before its move ("yuan steadies", "Asian
 * currencies rise", "rupee hits 8-month high"): the words that name a currency also name other
 * things ("Dollar General falls", "won the vote", "real estate", "a 30-pound gain"), so the move must
 * follow at once, and no number come before.
 */
const CURRENCY_MOVE_RE =
  /(?<!\d[-\s]?)\b(?:currenc(?:y|ies)|forex|fx|yuan|renminbi|rupees?|rupiah|ringgit|baht|pesos?|roubles?|rubles?|lira|yen|euro|sterling|pound|dollar|greenback|franc|won|real|rand|zloty|forint|shekel|loonie|aussie)(?:'s|’s)?(?:\s+index)?\s+(?:rises?|rose|rising|falls?|fell|falling|gains?|gained|slips?|slipped|steady|steadies|steadied|firm(?:s|ed|er)?|weak(?:ens?|ened|er)|strength(?:ens?|ened)|stronger|climbs?|climbed|drops?|dropped|dips?|dipped|edges?|edged|jumps?|jumped|slumps?|slumped|tumbles?|tumbled|rebounds?|rebounded|recovers?|recovered|shines?|eases?|eased|hits?|hovers?|holds?|flat|mixed|rall(?:y|ies|ied)|advances?|advanced|declines?|declined|retreats?|retreated|sinks?|sank|soars?|soared|surges?|surged|plunges?|plunged|extends?|trades?|up|down|higher|lower)\b/i;
/** A policy on a currency or its crisis, not a day's trading ("China widens yuan trading band"). */
const CURRENCY_POLICY_RE =
  /\b(?:trading band|band|peg(?:s|ged)?|de-?peg\w*|devalu\w*|revalu\w*|interven\w*|controls?|free float|crisis|collapse[sd]?|capital flight)\b/i;

/** A missile fired, launched or tested: the act before the missile or the missile before it. */
const MISSILE_LAUNCH_RE =
  /\b(?:(?:test-?)?fir(?:es|ed|ing)|launch(?:es|ed|ing)?|tests?|tested|testing)\b(?:\s+(?:of\s+)?[\p{L}\p{N}'’-]+){0,3}?\s+missiles?\b|\bmissiles?\s+(?:launch(?:es)?|tests?|firings?)\b/iu;
/**
 * A missile over a country ("missile over Japan", "Missile Over Japan"): a name after "over", not a
 * time ("over the weekend") or an amount ("over 100 missiles").
 */
const OVER_COUNTRY_RE =
  /\bmissiles?\b[^.;:]{0,30}?\bover\s+(?!(?:the|a|an|its|their|weekend|night|time|years?|\d)\b)\p{Lu}\p{L}+/u;

/** A regulator or a government, as the one setting the rule: its initials as written, its name in any case. */
const REGULATOR_INITIALS_RE = /\b(?:FDA|SEC|FCC|FTC|EPA|NHTSA|CFPB|FAA|USDA|OSHA|Fed(?! [Uu]p\b)|US|EU)\b|\bU\.S\./;
const REGULATOR_RE =
  /\b(?:federal reserve|european commission|congress|treasury|government|regulators?|administration)\b/i;
/**
 * A rule for everyone it covers: required or mandatory, new rules or labels, or a rule proposed,
 * changed or upheld ("FDA proposes new food labels", "Fed rule limiting debit-card fees").
 */
const RULE_RE =
  /\b(?:requires?|required|to require|requiring|mandatory|mandates?|mandated|new (?:rules?|regulations?|standards?|labels?|labeling|limits?)|rules? (?:on|for|limiting|requiring|capping|banning)|(?:propos(?:es|ed|ing)|unveil(?:s|ed)?|issu(?:es|ed)|finaliz(?:es|ed)|adopt(?:s|ed)|tighten(?:s|ed)?|overhaul(?:s|ed)?|chang(?:e|es|ed|ing)|considers?|upholds?|upheld|revives?|revived|reverses?|strikes? down|struck down)\b(?:\s+[\p{L}'’-]+){0,4}?\s+(?:rules?|regulations?|standards?|labels?|labeling|limits?))\b/iu;

/**
 * The readings of a story's texts (each headline, and the summary when it is not one) with the
 * event kinds eventKinds found in each, and the deal the whole story is about (storyDeal).
 */
export function rubricReadings(
  texts: readonly string[],
  kindsPerText: readonly Partial<Record<EventKind, string[]>>[],
  deal: StoryDeal | null = null,
): RubricReadings {
  const n = Math.max(1, texts.length);
  const share = (test: (t: string, i: number) => boolean): number => texts.filter(test).length / n;
  const namesCompany = texts.some((t) => largeCompanies(t).some((c) => !INVESTORS.has(c)));
  return {
    large_company_deal: share((t) => namesDeal(t) && companiesIn(t) >= 2),
    large_deal: deal && deal.usd >= LARGE_DEAL_USD ? 1 : 0,
    named_merger: share((t) => NAMED_MERGER_RE.test(t)),
    major_recall: share(
      (t, i) =>
        (kindsPerText[i]?.recall !== undefined || namesCompanyRecall(t)) &&
        ((largeCompanies(t).length > 0 && PROBE_RE.test(t)) || MILLION_UNITS_RE.test(t)),
    ),
    central_bank_decision: share((t) => CENTRAL_BANK_RE.test(t) && DECISION_RE.test(t)),
    official_remark: share(
      (t) =>
        OFFICIAL_RE.test(t) &&
        SAYS_RE.test(t) &&
        !CENTRAL_BANK_RE.test(t) &&
        !GOVERNMENT_DECISION_RE.test(t) &&
        !namesAnyCompany(t) &&
        (largestAmount(t)?.usd ?? 0) < 1e9,
    ),
    executive_change: share(
      (t) => EXECUTIVE_RE.test(t) && EXECUTIVE_CHANGE_RE.test(t) && largeCompanies(t).some((c) => !INVESTORS.has(c)),
    ),
    market_report: share(
      (t, i) => kindsPerText[i]?.markets !== undefined || (CURRENCY_MOVE_RE.test(t) && !CURRENCY_POLICY_RE.test(t)),
    ),
    company_launch: namesCompany ? share((t, i) => kindsPerText[i]?.launch !== undefined || namesCompanyLaunch(t)) : 0,
    missile_overflight: texts.some((t) => OVER_COUNTRY_RE.test(t))
      ? share((t) => MISSILE_LAUNCH_RE.test(t) && !namesAnyCompany(t))
      : 0,
    industry_rule: share(
      (t) => (REGULATOR_INITIALS_RE.test(t) || REGULATOR_RE.test(t)) && RULE_RE.test(t) && !namesAnyCompany(t),
    ),
    crime_without_company: share((t) => reportsCrimeWithoutCompany(t)),
  };
}

/** Distinct large companies a text names, one spelling each, investors not counted. */
function companiesIn(text: string): number {
  const names = largeCompanies(text)
    .filter((c) => !INVESTORS.has(c))
    .map((c) => SAME_COMPANY[c] ?? c);
  return new Set(names).size;
}
