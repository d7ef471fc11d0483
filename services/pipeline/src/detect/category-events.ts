import { namesAnyCompany } from './business-names';
import { eventKinds } from './event-kinds';

/**
 * Events whose category a headline's kind of event decides better than its words do, read on the
 * headline alone (a lead names too much in passing). API.md maps `business` to IPTC's economy,
 * business and finance, which holds a company's mergers and acquisitions, listings and results
 * whatever the company makes, and no crime or trial unless a business is its subject.
 */

/**
 * A company's takeover, bid, merger, listing or results: "Broadcom Raises Qualcomm Hostile Bid to
 * About $121 Billion", "Apple in talks to buy Renesas chip unit". "Results" alone is not results
 * ("Google tweaks search results").
 */
export function reportsCompanyDeal(headline: string): boolean {
  const kinds = eventKinds(headline);
  const earnings = (kinds.earnings ?? []).some((p) => p !== 'results' && p !== 'guidance');
  return Boolean(kinds.deal || kinds.ipo || earnings || DEAL_TALK_RE.test(headline)) && namesAnyCompany(headline);
}

/**
 * A deal or a price war in words event-kinds.ts leaves to context, read beside a named company:
 * "if T-Mobile deal approved", "interest in buying T-Mobile", "if he can buy T-Mobile US", "industry
 * consolidation is inevitable", "promises 'massive price war'". "Deals on" is a discount; "take
 * over" is left out ("A small bird managed to take over a Delta flight").
 */
const DEAL_TALK_RE =
  /\b(?:deal(?! on\b)|purchase|buying|(?:can|could|would|will|wants? to|plans? to|let \w+) buy|consolidat(?:e|es|ed|ion)|pric(?:e|ing) wars?)\b/i;

/** An asset traded on a market: a currency, a commodity, a company's shares. */
const TRADED_ASSET = String.raw`(?:bitcoin|btc|ether(?:eum)?|ripple|cryptocurrenc(?:y|ies)|stocks?|shares|oil|crude|brent|gold|silver|copper|dollar|euro|yen|rouble|ruble|sterling|bonds?|treasur(?:y|ies)|futures)`;
/** A price or a move of it: "price", "falls below", "slumps to 3-month low", "soars". */
const PRICE_MOVE = String.raw`(?:prices?|falls?|fell|falling|slump(?:s|ed)?|plunge[sd]?|plummet\w*|tumble[sd]?|sinks?|sank|drop(?:s|ped)?|dips?|dipped|slides?|slid|slips?|slipped|rall(?:y|ies|ied)|soar(?:s|ed)?|surge[sd]?|jump(?:s|ed)?|climb(?:s|ed)?|rise[sd]?|rose|gain(?:s|ed)?|rebound(?:s|ed)?|record (?:high|low)|(?:\d+|multi|one|two|three|six)-(?:day|week|month|year) (?:high|low))`;
/** The asset, then its price or move a few words on ("Bitcoin price falls", "Bitcoin Slumps to 3-Month Low"). */
const MARKET_MOVE_RE = new RegExp(String.raw`\b${TRADED_ASSET}\b(?:\W+[\w'$.,]+){0,3}?\W+${PRICE_MOVE}\b`, 'i');

/**
 * A price or a move of a traded asset: "Bitcoin price falls below $6,000 as banker signals
 * crackdown", "Ripple soars". IPTC files a market's moves under economy, business and finance
 * whatever the asset is made of; "Apple shares photos" has no move.
 */
export function reportsMarketMove(headline: string): boolean {
  return MARKET_MOVE_RE.test(headline);
}

/** A device by its product line or its kind: "Galaxy S9", "iPhone 6", "smartwatch", "headphone jack". */
const DEVICE_RE =
  /\b(?:iPhone|iPad|iPod|MacBook|iMac|Apple Watch|Galaxy (?:S|Note|Tab|Gear)\s?\d*|Pixel \d|Nexus \d+|Surface (?:Pro|Book|Go|tablet)|Kindle|Fire (?:Phone|TV)|Xbox|PlayStation|Nintendo Switch|Oculus Rift|Google Glass|Lumia|OnePlus|smartphones?|smartwatch(?:es)?|laptops?|headsets?|wearables?|headphone jack)\b/i;

/**
 * A device as the subject with no deal, listing, results, market, funding or restructuring
 * reported: a launch, a leak, a review ("Samsung's Galaxy S9 leaked in pics ahead of rumoured
 * February launch", "Is this Samsung's Galaxy S9?"): IPTC's science and technology.
 * "iPhone sales jump" reports results.
 */
export function reportsDeviceNews(headline: string): boolean {
  if (!DEVICE_RE.test(headline)) return false;
  const k = eventKinds(headline);
  const business = k.deal || k.ipo || k.earnings || k.markets || k.funding || k.restructuring || k.central_bank;
  return !business && !reportsCompanyDeal(headline) && !reportsMarketMove(headline);
}

/** An arrest, charge, trial or sentence, or a scam or fraud ("clinical trial" and "free trial" are none). */
const CRIME_RE =
  /\b(?:arrest(?:s|ed)?|nabbed|busted|trafficking|charged|indicted|indictment|convicted|conviction|sentenced|pleads?|pleaded|guilty|(?<!(?:clinical|drug|free|phase \w+) )trials?|prosecutors?|jury|verdict|sting|scam(?:s|mer|mers)?|fraud(?:ster|sters)?|bribery|bribes?|corruption|extortion|money laundering|jailed|prison)\b/i;

/**
 * A crime, a trial or a scam with no company or market as its subject: "Prosecutors oppose
 * McDonnell bid for more details" (a governor's corruption trial), "Alleged 'Nigerian prince'
 * scammer nabbed in Louisiana" ("bid for" is no takeover without a company). "JPMorgan charged
 * with fraud" names a company; "Stocks fall as ex-trader is charged" reports a market.
 */
export function reportsCrimeWithoutCompany(headline: string): boolean {
  if (!CRIME_RE.test(headline)) return false;
  if (namesAnyCompany(headline) && !STAFF_CRIME_RE.test(headline)) return false;
  return !reportsMarketEvent(headline);
}

/**
 * A company's staff caught in a crime: "Amazon and Microsoft employees caught up in sex trafficking
 * sting". The company is named, but neither it nor its market is the subject.
 */
export function reportsStaffCrime(headline: string): boolean {
  return CRIME_RE.test(headline) && STAFF_CRIME_RE.test(headline) && !reportsMarketEvent(headline);
}

/** A company's staff as the subject of a crime: "Amazon, Microsoft staff busted buying sex workers". */
const STAFF_CRIME_RE = /\b(?:staff|employees|workers)\s+(?:busted|arrested|nabbed|charged|indicted|accused|caught)\b/i;

/**
 * A US state by name: where a crime, a trial or a scam took place, which makes it no international
 * news for the taxonomy's `world` ("Louisiana man charged in 'Nigerian prince' internet scam").
 * Georgia (a country too) and Washington (the capital, a government's metonym) are left out.
 */
const US_STATE_RE =
  /\b(?:Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|(?:West )?Virginia|Wisconsin|Wyoming)\b/;

/** Whether a headline names a US state (case as written: "new york" in a sentence is rare, "Maine" is a name). */
export function namesUsState(headline: string): boolean {
  return US_STATE_RE.test(headline);
}

/** The US state a headline names first (US_STATE_RE), if any. */
export function usStateNamed(headline: string): string | undefined {
  return US_STATE_RE.exec(headline)?.[0];
}

/** A listing, results, a market, a central bank or the economy's figures: a business event whatever else it names. */
function reportsMarketEvent(headline: string): boolean {
  const kinds = eventKinds(headline);
  return Boolean(kinds.ipo || kinds.earnings || kinds.markets || kinds.central_bank || kinds.macro_data);
}

/**
 * An accident or disaster: people struck, killed or hurt, vehicles colliding or crashing, an
 * explosion. A bare "crash" is left out ("'True Detective' Finale Crashes HBO Go" is an outage).
 */
const ACCIDENT_RE =
  /\b(?:struck and killed|killed|injur(?:ed|ies)|hurt|collid(?:e|es|ed|ing)|collision|derail(?:s|ed|ment)?|explosion|(?:plane|car|train|bus|helicopter|jet|boat|ferry|truck|tram) crash(?:es|ed)?|crash(?:es|ed)? (?:into|landing)|emergency landing)\b/i;

/** The weather: snow, storms, floods, heat and cold as events. */
const WEATHER_RE =
  /\b(?:snow(?:fall|storms?|falls?)?|blizzards?|tornado(?:es)?|hurricanes?|floods?|flooding|heat ?waves?|cold snap|polar vortex|winter storms?|ice storms?|wildfires?)\b/i;

/** Something happening to a flight: turned back, diverted, a bird or a passenger aboard, a date-line landing. */
const FLIGHT_INCIDENT_RE =
  /\bflights?\b(?=.*\b(?:turns? (?:back|around)|turned (?:back|around)|divert(?:s|ed)?|evacuat\w*|passengers?|birds?|lands?|landed|landing|took off|takes? off|grounded)\b)|\b(?:turns? back|diverted|bird|passengers?)\b(?=.*\bflights?\b)/i;

/** A private person surprised by something: "Woman stunned to find electric bill listed as $284 billion". */
const PERSON_SURPRISED_RE =
  /\b(?:woman|man|mom|mother|dad|father|family|couple|boy|girl|teen|grandmother|grandma)\s+(?:stunned|shocked|surprised|baffled|horrified)\b/i;

/**
 * An accident, the weather, something happening to a flight or a private person surprised, with
 * no listing, results, market or economy reported: IPTC files these under disaster and accident,
 * weather and human interest, which API.md's taxonomy has no category for (`other`), whatever
 * company is named in passing ("A small bird managed to take over a Delta flight", "Metro-North
 * worker struck and killed by train", "Erie smashes snowfall record"). "Storms slow US retail
 * sales" reports the economy.
 */
export function reportsIncident(headline: string): boolean {
  const incident =
    ACCIDENT_RE.test(headline) ||
    WEATHER_RE.test(headline) ||
    FLIGHT_INCIDENT_RE.test(headline) ||
    PERSON_SURPRISED_RE.test(headline);
  return incident && !reportsMarketEvent(headline) && !eventKinds(headline).recall;
}
