import { bidsForCompany } from './bid-for';
import { largeCompanies } from './business-names';
import type { Span } from './work-titles';

/**
 * The kinds of event a headline reports, read from its words in context: "Keith Richards Recalls
 * Childhood" is a memory, not a product recall; "crowd-funding" is not a funding round; "County
 * Launches Campaign" is not a product launch.
 */
export const EVENT_KINDS = [
  'central_bank',
  'central_bank_remark',
  'macro_data',
  'macro_release',
  'major_macro_release',
  'markets',
  'deal',
  'ipo',
  'earnings',
  'enforcement',
  'policy',
  'recall',
  'launch',
  'funding',
  'restructuring',
  'geopolitics',
  'analyst_note',
  'consumer_tips',
  'entertainment',
  'sports',
  'health_science',
  'accident_crime',
] as const;

/** One kind of event. */
export type EventKind = (typeof EVENT_KINDS)[number];

/**
 * "RBI" as the Reserve Bank of India, not baseball's runs batted in: a hit after it ("an RBI single",
 * "had RBI hits") or a count before it ("three RBI Thursday night") makes it a box score's (AG News's
 * sport rows, Giveme5W1H's World Series text; UCI's 193 "RBI" headlines are all the bank).
 */
export const RBI_BANK = String.raw`(?<!\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)[\s-])RBI(?!\s+(?:singles?|doubles?|triples?|hits?|groundouts?|grounders?|sacrifice|sac fly|base hits?)\b)`;

/** Plain patterns: a match is the kind wherever it occurs (case-insensitive unless marked). */
const PATTERNS: Readonly<Partial<Record<EventKind, readonly RegExp[]>>> = {
  central_bank: [
    // Initialisms as the press writes them, mixed or all capitals ("Reinforcing BOE Guidance", "BOJ
    // stands pat", "PBoC", "AUD awaits RBA minutes"); not "Boe" (a surname: Alfie Boe), "BOE
    // Technology" (a display maker) or "fed up". Case-sensitive: lower-case "boe" / "boj" are no bank.
    /\b(?:Fed(?! up\b)|FOMC|ECB|BoE|BOE(?! Tech)|BoJ|BOJ|PBOC|PBoC|SNB|RBA)\b/g,
    new RegExp(String.raw`\b${RBI_BANK}\b`, 'g'),
    /\b(?:federal reserve|central bank|bank of (?:england|japan|canada)|reserve bank|swiss national bank|riksbank|people's bank of china|monetary policy|(?<!mortgage )interest rates?|rate (?:hikes?|cuts?|rises?)|quantitative easing|forward guidance|stimulus|tapering|yellen|draghi|carney|bernanke|kuroda)\b/gi,
  ],
  macro_data: [
    /\b(?:inflation|deflation(?:ary)?|gdp|economic (?:growth|data|outlook)|economy|recession|unemployment|jobless|payrolls|jobs report|consumer (?:prices|confidence|spending)|wholesale prices|producer prices|cpi|retail sales|industrial (?:output|production)|factory (?:output|orders|activity)|manufacturing (?:growth|activity|index|sector)|pmi|housing starts|home sales|trade (?:deficit|surplus|balance)|fixed-asset investment|bond yields?|treasur(?:y|ies)|yuan|renminbi|currency|eurozone|euro zone|banking union|debt ceiling|budget deficit|fiscal|credit rating|downgrades? (?:the )?(?:us|u\.s\.|country|sovereign))\b/gi,
  ],
  markets: [
    /\b(?:stocks?|shares|wall street|dow(?: jones)?|s&p(?: 500)?|ftse|nikkei|hang seng|dax|stock market|markets?|sell-?off|oil prices?|crude|brent|gold prices?|bitcoin|cryptocurrenc(?:y|ies)|commodit(?:y|ies)|futures|investors|market cap(?:italization)?)\b/gi,
  ],
  // "Upgrades JC Penney to buy" is an analyst's rating, not a purchase; "bid for" is read on what
  // is bid for (bid-for.ts).
  deal: [
    /\b(?:merg(?:er|ers|es|ed|ing)|to merge|acquisitions?|acquir(?:e|es|ed|ing)|takeovers?|buyout|hostile bid|(?:raises|sweetens|rejects|makes) (?:\w+ )?(?:bid|offer)|offer for|(?<!\bupgrade[sd]?\b[^.;:]{0,40})to buy|buys|bought|deal to (?:buy|acquire)|stake in|spin(?:s|-)? ?off|divest\w*|joint venture|sells? (?:its |a )?(?:unit|division|business|stake))\b/gi,
  ],
  ipo: [
    /\b(?:ipo|initial public offering|go(?:es|ing)? public|files? for (?:an? )?(?:ipo|listing)|stock market debut)\b/gi,
  ],
  earnings: [
    /\b(?:earnings|profits?|revenues?|quarterly|(?:first|second|third|fourth)[- ]quarter|q[1-4]|eps|results|guidance|(?:sales|profit) (?:forecast|outlook)|net (?:income|loss)|(?:misses|beats|tops) (?:estimates|expectations|forecasts)|write-?downs?|sales (?:rose|fell|rise|fall|jump\w*|drop\w*|slip\w*|climb\w*|grow\w*|decline\w*|slump\w*))\b/gi,
  ],
  enforcement: [
    /\b(?:regulators?|antitrust|anti-trust|fined|fines? (?:of|for)|penalt(?:y|ies)|settles?|settlement|lawsuits?|sues|sued|suing|class action|probe|investigat(?:ion|es|ing)|indicted|charged|jury|verdict|sec|ftc|fcc|fda|doj|justice department|competition (?:authority|commission|watchdog)|watchdog|cftc|finra|epa)\b/gi,
  ],
  policy: [
    /\b(?:regulations?|legislation|bill (?:would|to|allowing|passes|advances)|law(?:makers)?|congress|senate|parliament|tax(?:es)?|tariffs?|subsid(?:y|ies)|minimum wage|obamacare|affordable care act|health law|net neutrality|government plans?|ministry|budget)\b/gi,
  ],
  restructuring: [
    /\b(?:layoffs?|lay off|job cuts?|cuts? [\d,]+ jobs|cut(?:ting)? jobs|closes? [\d,]+ stores|close [\d,]+ stores|store closures|bankrupt(?:cy)?|chapter 11|insolven(?:t|cy)|default(?:s|ed)?|restructur\w*|bailout|(?:ceo|chief executive|chairman) (?:resigns|steps down|to step down|ousted|fired|quits|departs)|new (?:ceo|chief executive))\b/gi,
  ],
  geopolitics: [
    /\b(?:sanctions?|embargo|trade war|missiles?|nuclear|annex\w*|invasion|invade\w*|military|troops|war|crimea|ukraine|russia|putin|north korea|dprk|pyongyang|iran|opec|syria|coup)\b/gi,
  ],
  analyst_note: [
    /\b(?:price target|upgrades?|downgrades?|upgraded|downgraded|outperform|underperform|overweight|underweight|buy rating|sell rating|neutral rating|stock update|analysts? (?:say|says|see|expect))\b/gi,
    // A stock tracker's exchange ticker: EXCHANGE_TICKER_RE (business-names.ts) without the
    // over-the-counter and American markets' labels. Reading those too is an impact change, not a
    // tidy: the demo's penny-stock trend ("Medical Marijuana, Inc. (OTCMKTS:MJNA) ...") would read
    // as an analyst note, its regression total 3.91 -> 3.65 (lab-notes/business-impact.md, 2026-12-07).
    /\((?:NYSE|NASDAQ|NYSEARCA|LON|TSE|TSX|OTC)\s?:\s?[A-Z.]{1,6}\)/g,
  ],
  consumer_tips: [
    /\b(?:how to|tips|ways to|mortgage (?:interest )?rates?|things to know|things you|here's|you should|free (?:cone|coffee|food|stuff)|freebies|deals? on|discounts?|coupons?|giveaway|hands-on|review(?:ed|s)?|first look|leaked|rumou?r(?:s|ed)?|update(?:s|d)? (?:to|for|with)|new features?|app(?:s)? (?:update|gets|adds))\b/gi,
  ],
  entertainment: [
    /\b(?:trailer|episode|season (?:finale|premiere)|finale|album|songs?|singer|concert|tour|movie|film|sequel|box office|actor|actress|celebrit(?:y|ies)|star(?:s|ring)?|rapper|wedding|married|divorce[sd]?|engaged|pregnan(?:t|cy)|dating|boyfriend|girlfriend|oscars?|grammys?|emmys?|golden globes?|red carpet|premiere|music video|tv show|sitcom|reality (?:show|series)|kardashians?|bieber|beyonce|kanye|miley|rihanna|lohan|dunham|game of thrones|mad men|star wars|x-men|spider-man|avengers|netflix series|comic|festival|coachella|billboard)\b/gi,
  ],
  sports: [
    /\b(?:nfl|nba|mlb|nhl|ncaa|fifa|uefa|world cup|super bowl|premier league|champions league|quarterback|coach|playoffs?|championship|tournament|match|golf|tennis|soccer|football|baseball|basketball|hockey|olympics?|medal|league|season opener|draft pick|striker|goalkeeper|wrestlemania|nascar|formula one|f1|marathon)\b/gi,
  ],
  health_science: [
    /\b(?:study|studies|researchers?|scientists?|patients?|cancer|disease|virus|infections?|autism|alzheimer'?s|diabetes|obesity|vaccines?|diet|heart attack|stroke|pregnancy|doctors?|hospital|symptoms?|outbreak|ebola|hiv|mers|flu|nasa|planet|asteroid|comet|galaxy|species|dinosaur|fossil|climate change|global warming)\b/gi,
  ],
  accident_crime: [
    /\b(?:crash(?:es|ed)?|killed|kills|dies|died|dead|death|shooting|gunman|suspect|police|arrest(?:ed|s)?|murder\w*|missing|search|fire|storm|earthquake|tornado|flood\w*|hostage|terror\w*|bomb\w*|attack|victims?|stabbing|rape|assault|sentenced|prison|trial)\b/gi,
  ],
};

/** Words after "recall" that make it a memory ("Keith Richards Recalls Childhood"). */
const MEMORY_OBJECTS = new Set(
  'childhood memories memory how when what that his her their my our the day days time times moment meeting being seeing growing early first past life last fondly vividly working playing his friendship late death'.split(
    ' ',
  ),
);
/** Words near "recall" that make it a product recall. */
const RECALL_CUES = new Set(
  'vehicles vehicle cars car trucks suvs models model airbag airbags ignition switches switch brakes units products product toys laptops laptop batteries phones devices food foods meat beef chicken pork peanut drugs drug pills tablets cribs seats recall safety voluntary voluntarily million thousand another second third new massive latest expanded expands issues announces prompt prompts prompted over due'.split(
    ' ',
  ),
);
/** Objects of "launch" that are not a product ("County Launches Campaign", "missile launch"). */
const NOT_PRODUCT = new Set(
  'campaign campaigns investigation probe inquiry appeal attack attacks offensive strike strikes raid raids search initiative petition drive crackdown fundraiser crowdfunding crowd-funding protest missile missiles rocket rockets satellite satellites war operation operations study challenge lawsuit suit tour album single book memoir trailer video film movie season fragrance bid assault manhunt effort program programme'.split(
    ' ',
  ),
);
/** Words near "funding" that make it a funding round. */
const FUNDING_CUES = new Set(
  'round raises raised raise venture series seed investors valuation startup start-up million billion led'.split(' '),
);

/**
 * The kinds of event a text reports, each with the phrases that show it (lower-case, in order of
 * appearance, each phrase once). A text can report several kinds. A phrase inside one of `titles`
 * (a work's title, work-titles.ts) and shorter than it counts only as entertainment.
 */
export function eventKinds(text: string, titles: readonly Span[] = []): Partial<Record<EventKind, string[]>> {
  const out: Partial<Record<EventKind, string[]>> = {};
  const add = (kind: EventKind, phrase: string, at = -1): void => {
    // A word of a work's title tells no event ("Avengers: Infinity War"); a title that is the signal
    // phrase alone ("'Obamacare'") is the thing itself.
    const end = at + phrase.length;
    if (kind !== 'entertainment' && at >= 0 && titles.some(([s, e]) => at >= s && end <= e && e - s > end - at)) return;
    const list = (out[kind] ??= []);
    const p = phrase.toLowerCase();
    if (!list.includes(p)) list.push(p);
  };
  for (const kind of EVENT_KINDS) {
    for (const re of PATTERNS[kind] ?? []) for (const m of text.matchAll(re)) add(kind, m[0], m.index);
  }
  if (pregnancyInStudy(out)) delete out.entertainment;
  for (const { phrase, index } of bidsForCompany(text)) add('deal', phrase, index);
  for (const m of text.matchAll(/\brecall(?:s|ed|ing)?\b/gi)) {
    const { before, after } = around(text, m.index, m[0].length);
    if (/^total$/.test(before.at(-1) ?? '') || /^(?:election|vote|petition)$/.test(after[0] ?? '')) continue;
    if (MEMORY_OBJECTS.has(after[0] ?? '')) continue;
    if ([...before.slice(-3), ...after.slice(0, 6)].some((w) => RECALL_CUES.has(w) || /^\d/.test(w)))
      add('recall', m[0], m.index);
  }
  for (const m of text.matchAll(/\b(?:launch(?:es|ed|ing)?|unveil(?:s|ed|ing)?|debut(?:s|ed)?|rolls? out)\b/gi)) {
    const { before, after } = around(text, m.index, m[0].length);
    if ([...before.slice(-2), ...after.slice(0, 4)].some((w) => NOT_PRODUCT.has(w))) continue;
    add('launch', m[0], m.index);
  }
  for (const m of text.matchAll(/\b(?:crowd-?)?funding\b/gi)) {
    const { before, after } = around(text, m.index, m[0].length);
    if (/^crowd/i.test(m[0]) || before.at(-1) === 'crowd') continue;
    if ([...before.slice(-5), ...after.slice(0, 5)].some((w) => FUNDING_CUES.has(w) || /^[$€£]/.test(w)))
      add('funding', m[0], m.index);
  }
  for (const m of text.matchAll(
    /\braise[sd]? (?:[$€£]\s?\d[\d.,]*\s?(?:million|billion|bn|m)\b|(?:\w+ )?(?:funding|capital|round))/gi,
  ))
    add('funding', m[0], m.index);
  const release = macroRelease(text);
  if (release) add('macro_release', release);
  if (release && MAJOR_STATISTIC_RE.test(release)) add('major_macro_release', release);
  const remark = centralBankRemark(text);
  if (remark) add('central_bank_remark', remark);
  return out;
}

/**
 * Whether a text's only entertainment word is a pregnancy and it tells a study or a disease beside
 * it ("Antidepressant use during pregnancy linked to autism"): medicine, not a star's news ("Kim
 * Kardashian is pregnant" names the star). The raters put three such autism studies at 1.67-2.67.
 */
function pregnancyInStudy(kinds: Partial<Record<EventKind, string[]>>): boolean {
  const entertainment = kinds.entertainment ?? [];
  return (
    entertainment.length > 0 &&
    entertainment.every((p) => /^pregnan/.test(p)) &&
    (kinds.health_science ?? []).some((p) => !/^pregnan/.test(p))
  );
}

/**
 * Whether a text reports a deal: the deal kind of eventKinds alone, its patterns only (it reads no
 * context), for a test over every member of a story (story-deal.ts) that needs no other kind.
 */
export function namesDealKind(text: string): boolean {
  // search() ignores the global patterns' lastIndex.
  return PATTERNS.deal!.some((re) => text.search(re) >= 0) || bidsForCompany(text).length > 0;
}

/**
 * A named statistic of an economy: what a statistics office or a central bank publishes on a
 * calendar. Company figures ("Apple's sales") are earnings, not these.
 */
const STATISTIC_RE =
  /\b(?:gdp|gross domestic product|(?:economic|economy's) (?:growth|activity)|inflation|cpi|hicp|consumer prices|producer prices|wholesale prices|(?:non-?farm )?payrolls|jobs report|jobs data|unemployment(?: rate)?|jobless (?:rate|claims)|job openings|jolts|hiring|industrial (?:output|production|added value|value-added)|factory (?:output|orders|activity)|manufacturing (?:output|activity|index|pmi)|pmi|retail sales|consumer (?:spending|confidence|sentiment)|housing starts|building permits|home sales|durable goods|fixed-asset investment|exports|imports|trade (?:deficit|surplus|balance)|current account)\b/i;
/**
 * The headline statistics of an economy, which the rubric calls major macro data: output, prices,
 * jobs and spending as a whole ("job openings" or "home sales" are a part of one).
 */
const MAJOR_STATISTIC_RE =
  /^(?:gdp|gross domestic product|economic growth|economy's growth|economic activity|inflation|cpi|hicp|consumer prices|payrolls|non-?farm payrolls|jobs report|unemployment(?: rate)?|industrial (?:output|production|added value|value-added)|factory output|retail sales)$/i;
/** A figure or a move the release reports: "up 8.6%", "slows", "at five-year low", "weaker than expected". */
export const RELEASE_MOVE_RE =
  /(?:\d+(?:\.\d+)?\s?(?:%|pct\b|percent\b|per cent\b|pc\b)|\b(?:rose|rises?|rising|fell|falls?|falling|up|down|slow(?:s|ed|ing|down)?|accelerat(?:es|ed|ing)|jump(?:s|ed)?|surg(?:es|ed)|drop(?:s|ped)?|plunge[sd]?|slump(?:s|ed)?|climb(?:s|ed)?|increase[sd]?|decline[sd]?|grew|grows?|contract(?:s|ed)?|shr[iu]nk(?:s)?|eases?|eased|stall(?:s|ed)?|cool(?:s|ed)?|rebound(?:s|ed)?|beats?|miss(?:es|ed)?|tops?|steady|unchanged|flat|more|fewer|higher|lower|improve[sd]?|worsen(?:s|ed)?|weak(?:er)?|strong(?:er)?|(?:\w+-)?(?:year|month|decade) (?:low|high)|lowest|highest|record (?:low|high)|than expected|forecasts?|estimates?)\b)/i;

/**
 * A macro data release: a named statistic of an economy with the figure or the move it reports, in
 * the same sentence ("China's value-added industrial output up 8.6% in Jan-Feb", "Job openings
 * increased in January"); a statistic named in passing ("How inflation hurts savers") is none.
 * Returns the statistic's phrase, or undefined.
 */
function macroRelease(text: string): string | undefined {
  for (const sentence of text.split(/(?<=[.!?;:])\s+|\s+[-–|]\s+/)) {
    const stat = STATISTIC_RE.exec(sentence);
    if (stat && RELEASE_MOVE_RE.test(sentence)) return stat[0];
  }
  return undefined;
}

/**
 * Every central bank the central_bank reading knows (PATTERNS), by the names a headline gives it, and
 * the Bundesbank's and the Banque de France's: a governor of any of them ("RBI Governor warns of
 * turmoil", "RBA chief shadows Draghi", "Riksbank's Ingves") speaks for a central bank.
 */
const CENTRAL_BANKS = String.raw`Fed|FOMC|ECB|BoE|BOE|BoJ|BOJ|SNB|RBA|${RBI_BANK}|PBOC|PBoC|Riksbank|Bundesbank|Banque de France|Swiss National Bank|People's Bank of China|Reserve Bank(?: of (?:Australia|India|New Zealand))?|Bank of (?:England|Japan|Canada|France|Italy)|Federal Reserve|[Cc]entral [Bb]ank`;
/** A policymaker's role after the bank's name, lower case or in a title-case headline ("RBI Governor"). */
const BANKER_ROLES = [
  'chair(?:man|woman)?',
  'president',
  'governor',
  'guv',
  'chief',
  'vice[- ]chair(?:man)?',
  'official',
  'policymakers?',
  'board member',
  'member',
  'hawk',
  'dove',
]
  .map((r) => `[${r[0]!.toUpperCase()}${r[0]}]${r.slice(1)}`)
  .join('|');
/** A central bank named as an institution, or one of its policymakers by role or by name. */
const CENTRAL_BANKER_RE = new RegExp(
  String.raw`\b(?:(?:${CENTRAL_BANKS})(?:'s|’s)\s+(?!(?:Decision|Plan|Move|Policy|Meeting|Minutes|Statement|Taper\w*|Stimulus|Rates?|Bond|Balance|Beige|Forward|Stress|Exit|Latest|New|Next|Own|First|Inflation|QE)\b)\p{Lu}[\p{L}.-]+|(?:${CENTRAL_BANKS}) (?:${BANKER_ROLES})s?\b|(?:Yellen|Draghi|Carney|Kuroda|Bernanke|Rajan|Plosser|Bullard|Dudley|Lacker|Kocherlakota|Rosengren|Lockhart|Pianalto|Weidmann|Noyer|Coeure|Cœuré|Nowotny|Praet|Constancio|Visco|Weale|Tarullo)\b)`,
  'u',
);
/** What the banker does in the headline: speaks, or says what policy may do. */
const REMARK_RE =
  /(?:^[^:]{2,40}:|\b(?:says?|said|sees?|saw|warns?|warned|signals?|signal(?:l)?ed|hints?|hinted|urges?|urged|expects?|backs?|favou?rs?|calls? for|defends?|testif(?:y|ies|ied)|testimony|speech|remarks?|comments?|not happy|worried|concerned|may|might|could|should|wants?|likely|open to|repeats?|reiterates?)\b)/i;
/** The policy the remark is on; the currency of any bank CENTRAL_BANKS names (the rupee, the franc, the yuan, the krona). */
const POLICY_TOPIC_RE =
  /\b(?:taper(?:ing)?|rates?|rate (?:hikes?|rises?|cuts?)|hike|qe|quantitative easing|stimulus|policy|inflation|deflation|bond[- ]buying|asset purchases|guidance|euro|dollar|yen|sterling|pound|franc|yuan|renminbi|rupee|krona|currency|economy|growth|recovery|bubble|easing|tightening)\b/i;

/**
 * A central banker's remark on policy: a named policymaker or one by role, speaking on rates,
 * tapering, inflation or the currency ("Plosser: Fed May Have to Accelerate Tapering Pace", "ECB's
 * Noyer not happy with euro strength"). A remark is not a decision: the rubric rates a
 * central-bank decision 9-10 and a policymaker's view below it. Returns the banker's phrase.
 */
function centralBankRemark(text: string): string | undefined {
  for (const sentence of text.split(/(?<=[.!?;])\s+/)) {
    const banker = CENTRAL_BANKER_RE.exec(sentence);
    if (banker && REMARK_RE.test(sentence) && POLICY_TOPIC_RE.test(sentence)) return banker[0];
  }
  return undefined;
}

/**
 * Whether a text tells a large company's product recall in words the recall kind's cues miss: the
 * company just before the word ("US opens probe into GM recall", "GM's recall") or a hyphenated cue
 * ("Ignition-Switch Recall"); a memory ("Buffett recalls meeting ...") is none. The rubric's bounds
 * read it (rubric-readings.ts); the recall kind, a column of the regression, keeps its cues (reading
 * these there too moved the fit's stretch and two dozen demo scores with it: lab notes 2026-12-06).
 */
export function namesCompanyRecall(text: string): boolean {
  for (const m of text.matchAll(/\brecall(?:s|ed|ing)?\b/gi)) {
    const { before, after } = around(text, m.index, m[0].length);
    if (MEMORY_OBJECTS.has(after[0] ?? '')) continue;
    if (largeCompanies(before.slice(-2).join(' ').replace(/'s$/, '')).length > 0) return true;
    const parts = [...before.slice(-3), ...after.slice(0, 6)].flatMap((w) => w.split('-'));
    if (parts.some((w) => RECALL_CUES.has(w))) return true;
  }
  return false;
}

/** A launch vehicle and its payload: a state's are no product, a company's are what it sells. */
const LAUNCH_VEHICLES = new Set('rocket rockets satellite satellites'.split(' '));

/**
 * Whether a text tells a large company launching its own rocket or satellite ("SpaceX to launch
 * Falcon Heavy rocket this month"), which the launch kind leaves out with a state's rocket ("North
 * Korea launches rocket"). The rubric's bounds read it (rubric-readings.ts); the launch kind, a
 * column of the regression, is unchanged.
 */
export function namesCompanyLaunch(text: string): boolean {
  if (largeCompanies(text).length === 0) return false;
  for (const m of text.matchAll(/\b(?:launch(?:es|ed|ing)?|unveil(?:s|ed|ing)?|debut(?:s|ed)?|rolls? out)\b/gi)) {
    const { before, after } = around(text, m.index, m[0].length);
    const near = [...before.slice(-2), ...after.slice(0, 4)];
    if (near.some((w) => LAUNCH_VEHICLES.has(w)) && near.every((w) => LAUNCH_VEHICLES.has(w) || !NOT_PRODUCT.has(w)))
      return true;
  }
  return false;
}

/** Up to eight lower-case words either side of a match (punctuation dropped). */
function around(text: string, index: number, length: number): { before: string[]; after: string[] } {
  const split = (s: string): string[] =>
    s
      .toLowerCase()
      .split(/[^\p{L}\p{N}$€£'-]+/u)
      .filter(Boolean);
  return {
    before: split(text.slice(Math.max(0, index - 80), index)).slice(-8),
    after: split(text.slice(index + length, index + length + 80)).slice(0, 8),
  };
}
