import { largeCompanies, namesCompanyForm } from './business-names';
import { eventKinds } from './event-kinds';

/**
 * Events whose category a headline's kind of event decides better than its words do, read on the
 * headline alone (a lead names too much in passing). API.md maps `business` to IPTC's economy,
 * business and finance, which holds a company's mergers and acquisitions, listings and results
 * whatever the company makes, and no crime or trial unless a business is its subject.
 */

/** Names a company as its subject: a large company or a company's form ("Inc", "firm", "retailer", a ticker). */
function namesCompany(headline: string): boolean {
  return largeCompanies(headline).length > 0 || namesCompanyForm(headline);
}

/**
 * A company's takeover, bid, merger, listing or results: "Broadcom Raises Qualcomm Hostile Bid to
 * About $121 Billion", "Apple in talks to buy Renesas chip unit". "Results" alone is not results
 * ("Google tweaks search results").
 */
export function reportsCompanyDeal(headline: string): boolean {
  const kinds = eventKinds(headline);
  const earnings = (kinds.earnings ?? []).some((p) => p !== 'results' && p !== 'guidance');
  return Boolean(kinds.deal || kinds.ipo || earnings) && namesCompany(headline);
}

/** An arrest, charge, trial or sentence, or a scam or fraud ("clinical trial" and "free trial" are none). */
const CRIME_RE =
  /\b(?:arrest(?:s|ed)?|nabbed|charged|indicted|indictment|convicted|conviction|sentenced|pleads?|pleaded|guilty|(?<!(?:clinical|drug|free|phase \w+) )trials?|prosecutors?|jury|verdict|scam(?:s|mer|mers)?|fraud(?:ster|sters)?|bribery|bribes?|corruption|extortion|money laundering|jailed|prison)\b/i;

/**
 * A crime, a trial or a scam with no company or market as its subject: "Prosecutors oppose
 * McDonnell bid for more details" (a governor's corruption trial), "Alleged 'Nigerian prince'
 * scammer nabbed in Louisiana" ("bid for" is no takeover without a company). "JPMorgan charged
 * with fraud" names a company; "Stocks fall as ex-trader is charged" reports a market.
 */
export function reportsCrimeWithoutCompany(headline: string): boolean {
  if (!CRIME_RE.test(headline) || namesCompany(headline)) return false;
  const kinds = eventKinds(headline);
  return !(kinds.ipo || kinds.earnings || kinds.markets || kinds.central_bank || kinds.macro_data);
}
