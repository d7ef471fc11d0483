import { geoFeatures } from '../classify/geo-features';
import { largeCompanies, namesAnyCompany } from './business-names';
import { reportsCrimeWithoutCompany } from './category-events';
import { namesCompanyLaunch, namesCompanyRecall, RBI_BANK, type EventKind } from './event-kinds';
import { largestAmount } from './money-amounts';
import { LARGE_DEAL_USD, namesDeal, type StoryDeal } from './story-deal';
import { namesUsPlace } from './us-places';

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
   * An official's remark (as official_remark reads it) on no economic subject: diplomacy, a campaign,
   * corruption ("China, US should expand common interests: Premier Li"), no word of the economy, trade,
   * debt, taxes, prices, markets, industry or companies (ECONOMY_WORD_RE) and no macro, market or
   * central-bank kind in the text. Told by most texts, a public-affairs remark (OFFICIAL_AFFAIRS_CEILING).
   */
  remark_off_economy: number;
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
  /**
   * A deadly attack called terror in a major economy ("Terror attack kills scores in Nice, France",
   * "Scores killed as truck rams crowd in France"): the share of texts telling a deadly attack, 0 when
   * no text calls it terror or its texts name no country or one outside the major economies
   * (MAJOR_ECONOMIES). Its business weight is a sector's (travel, tourism, a market's mood): the
   * rubric's minor at least (TERROR_ATTACK_FLOOR).
   */
  terror_attack: number;
  /**
   * A deadly attack with a toll of dozens in a major economy, called terror or not ("Deadliest US
   * shooting: 58 killed", "50 killed in Vegas rampage"): the share of texts telling a deadly attack, 0
   * when no text tells a mass toll (MASS_TOLL_RE) or its texts name no country or one outside the
   * major economies. A local shooting's toll is no national market's news (MASS_ATTACK_FLOOR).
   */
  mass_attack: number;
  /**
   * People's use of a drug, alcohol or tobacco measured ("Cocaine Use In America Down But Marijuana
   * Use Up", "Study: Cocaine use is down, marijuana smoking is up"): the share of texts telling it. With
   * no company, deal, market or policy beside it, a health survey of no commercial consequence
   * (USE_SURVEY_CEILING).
   */
  use_survey: number;
  /**
   * A leak of documents on offshore finance ("The Panama Papers: 7 things to know", "German paper
   * publishes 'biggest leak in history'", beside "shell companies and offshore accounts for global
   * leaders"): the share of texts telling a leak of documents (a leak of documents or files, the
   * biggest leak, "<Name> Papers"), 0 unless some text of the whole story tells offshore finance
   * (offshore accounts, shell companies, tax havens, money laundering, a financial scandal, a law
   * firm's files). The leaders and firms it exposes make it material for a national market: 7-8.
   */
  offshore_leak: number;
}

/** The readings' names, in a fixed order. */
export const RUBRIC_READINGS = [
  'large_company_deal',
  'large_deal',
  'named_merger',
  'major_recall',
  'central_bank_decision',
  'official_remark',
  'remark_off_economy',
  'executive_change',
  'market_report',
  'company_launch',
  'missile_overflight',
  'industry_rule',
  'crime_without_company',
  'terror_attack',
  'mass_attack',
  'use_survey',
  'offshore_leak',
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

/** A central bank named as an institution ("RBI" not as baseball's runs batted in: RBI_BANK). */
const CENTRAL_BANK_RE = new RegExp(
  String.raw`\b(?:Fed|FOMC|ECB|BoE|BOE|BoJ|BOJ|PBOC|PBoC|${RBI_BANK}|SNB|RBA|Riksbank|Federal Reserve|central bank|Bank of (?:England|Japan|Canada|Korea))\b`,
);
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
/**
 * Words of an economic subject in an official's remark: the economy and its statistics, debt and
 * budgets, taxes, trade, prices, money and markets, industry, companies and jobs.
 */
const ECONOMY_WORD_RE =
  /\b(?:econom\w*|growth|recession|debts?|deficits?|budgets?|spending|tax(?:es)?|tariffs?|trade|exports?|imports?|sanctions?|investment|investors?|prices?|inflation|wages?|jobs|employment|unemployment|pensions?|markets?|stocks?|shares|banks?|banking|financ\w*|currenc(?:y|ies)|yuan|dollar|euro|yen|rupee|oil|gas|energy|industr(?:y|ies|ial)|business(?:es)?|compan(?:y|ies)|firms?|manufactur\w*|subsid(?:y|ies)|stimulus)\b/i;
/** Event kinds that make a remark one on the economy. */
const ECONOMY_KINDS: readonly EventKind[] = ['macro_data', 'markets', 'central_bank'];

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
 * An attack as the event: a bombing, a massacre, a gunman, a shooting, a vehicle driven into a crowd. A heart,
 * panic or shark attack and a hacker's or a critic's attack are none.
 */
const ATTACK_RE =
  /\b(?<!(?:heart|panic|asthma|anxiety|shark|dog|bear|cyber|hack|hacker|security|verbal|personal|ad|malware|phishing)[\s-])(?:attack(?:s|er|ers)?|bomb(?:s|ing|ings|er|ers)|suicide blasts?|massacre|rampage|gunm[ae]n|shootings?|(?:rams?|rammed|plough(?:s|ed)?|plow(?:s|ed)?|drives?|drove)\s+(?:into|through)\s+(?:a\s+|the\s+)?(?:[\p{L}'’-]+\s+){0,2}?crowds?|truck\s+(?:rams|plough(?:s|ed)?|plow(?:s|ed)?)|rams\s+crowd)\b/iu;
/**
 * People killed: a toll, the dead, a death; an attack called deadly or the deadliest, or a mass
 * shooting, which name the killing ("Mass shooting at Las Vegas concert", "Deadliest shootings in US
 * history"). A massacre alone is left out: "The Texas Chainsaw Massacre" is a film.
 */
const KILLED_RE =
  /\b(?:kill(?:s|ed|ing)?|dead|deadly|deadliest|die[sd]?|deaths?|death toll|fatal(?:ities)?|mass shootings?)\b/i;
/**
 * The attack called terror, not terror denied ("FBI says gunman had no connection to terrorist
 * group", "not terror-related").
 */
const TERROR_RE = /(?<!\b(?:no|not|without)\s+(?:[\p{L}'’-]+\s+){0,2})\bterror(?:ist|ists|ism)?\b/iu;
/** A toll of dozens: a mass shooting, a massacre, the deadliest, scores or dozens, twenty or more killed. */
const MASS_TOLL_RE =
  /\b(?:mass shootings?|massacre|deadliest|scores|dozens)\b|\b(?:[2-9]\d|\d{3,})\s+(?:people\s+)?(?:(?:were|are)\s+)?(?:killed|dead)\b|\bkill(?:s|ed|ing)\s+(?:at least\s+)?(?:[2-9]\d|\d{3,})\b/i;
/**
 * The major economies (the G20's countries and the euro area's largest), by gazetteer code: an
 * attack there touches a national market's travel, tourism and mood.
 */
const MAJOR_ECONOMIES: ReadonlySet<string> = new Set(
  'us gb fr de it es nl be ch se jp cn kr in id au ca br mx ar ru tr sa za'.split(' '),
);

/** A drug, alcohol or tobacco, as people use it. */
const SUBSTANCE_RE =
  /\b(?:cocaine|marijuana|weed|cannabis|pot|heroin|meth(?:amphetamine)?|opioids?|painkillers?|prescription drugs?|illicit drugs?|illegal drugs?|drugs?|alcohol|binge drinking|drinking|smoking|tobacco|cigarettes?|e-cigarettes?|e-cigs?|vaping)\b/i;
/** Its use: using, smoking, drinking, consuming ("a smoking gun" is evidence, not a habit). */
const USE_RE = /\b(?:use|usage|users?|consumption|smoking(?! guns?\b)|drinking|smokers|drinkers)\b/i;
/**
 * Its use measured: up or down, a change, a rate, more or less of it. A study's finding about its
 * effects ("E-cigarettes don't help smokers quit") is not its use measured.
 */
const MEASURED_RE =
  /\b(?:up|down|rises?|rose|rising|falls?|fell|falling|drops?|dropped|increases?|increased|declines?|declined|grows?|grew|jumps?|jumped|surges?|surged|plunges?|plunged|doubles?|doubled|triples?|tripled|soars?|soared|changes?|rates?|less|more|half)\b/i;

/** A leak of documents: a leak of documents or files, the biggest leak, leaked records, or "<Name> Papers". */
const DOCUMENT_LEAK_RE =
  /\b(?:leak(?:s|ed)?\s+(?:of\s+)?(?:[\d.,]+\s+(?:million\s+)?)?(?:secret\s+|confidential\s+|financial\s+)?(?:documents|files|papers|records)|(?:biggest|largest|massive|huge)\s+(?:data\s+)?leak|leaked\s+(?:documents|files|papers|records)|\p{Lu}\p{L}+\s+Papers|\p{Lu}\p{L}+\s+leak)\b/u;
/** Offshore finance: hidden accounts, shell companies, tax havens, laundering, a financial scandal, a law firm's files. */
const OFFSHORE_RE =
  /\b(?:offshore|shell compan(?:y|ies)|tax havens?|tax evasion|tax avoidance|tax dodg\w*|money laundering|secret (?:accounts|wealth|fortunes?)|hidden wealth|financial scandal|law firm)\b/i;

/** A head of government's or a minister's words that report no decision, no company and no large amount. */
function officialRemark(t: string): boolean {
  return (
    OFFICIAL_RE.test(t) &&
    SAYS_RE.test(t) &&
    !CENTRAL_BANK_RE.test(t) &&
    !GOVERNMENT_DECISION_RE.test(t) &&
    !namesAnyCompany(t) &&
    (largestAmount(t)?.usd ?? 0) < 1e9
  );
}

/**
 * The readings of a story's texts (each headline, and the summary when it is not one) with the
 * event kinds eventKinds found in each, and the deal the whole story is about (storyDeal); `members`,
 * every text of the story, for what one text of the whole story tells (offshore finance).
 */
export function rubricReadings(
  texts: readonly string[],
  kindsPerText: readonly Partial<Record<EventKind, string[]>>[],
  deal: StoryDeal | null = null,
  members: readonly string[] = texts,
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
    official_remark: share(officialRemark),
    remark_off_economy: share(
      (t, i) =>
        officialRemark(t) && !ECONOMY_WORD_RE.test(t) && !ECONOMY_KINDS.some((k) => kindsPerText[i]?.[k] !== undefined),
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
    terror_attack: deadlyAttack(texts, TERROR_RE),
    mass_attack: deadlyAttack(texts, MASS_TOLL_RE),
    use_survey: share((t) => SUBSTANCE_RE.test(t) && USE_RE.test(t) && MEASURED_RE.test(t) && !namesAnyCompany(t)),
    offshore_leak: [...texts, ...members].some((t) => OFFSHORE_RE.test(t)) ? share((t) => DOCUMENT_LEAK_RE.test(t)) : 0,
  };
}

/**
 * The share of texts telling a deadly attack (an attack and a death, or an attack called terror),
 * when some text tells what `called` reads (terror, a mass toll) and the countries the attack's texts
 * name are all major economies.
 */
function deadlyAttack(texts: readonly string[], called: RegExp): number {
  if (!texts.some((t) => called.test(t))) return 0;
  const attacks = texts.filter(
    (t) => ATTACK_RE.test(t) && (KILLED_RE.test(t) || TERROR_RE.test(t)) && !namesAnyCompany(t),
  );
  // A US state or city names the US: the gazetteer reads countries, capitals and nationalities only.
  const countries = new Set(
    attacks.flatMap((t) => [
      ...geoFeatures(t)
        .filter((f) => f !== 'geo:home' && f !== 'geo:abroad')
        .map((f) => f.slice(4)),
      ...(namesUsPlace(t) ? ['us'] : []),
    ]),
  );
  if (countries.size === 0 || [...countries].some((c) => !MAJOR_ECONOMIES.has(c))) return 0;
  return attacks.length / Math.max(1, texts.length);
}

/** Distinct large companies a text names, one spelling each, investors not counted. */
function companiesIn(text: string): number {
  const names = largeCompanies(text)
    .filter((c) => !INVESTORS.has(c))
    .map((c) => SAME_COMPANY[c] ?? c);
  return new Set(names).size;
}
