import { EXCHANGE_TICKER_RE } from './business-names';
import { itemsLastUnlessAll } from './items-last';

/**
 * Trading sites' page titles among a trend's headlines (a currency pair or an index label opening a
 * headline, a company's exchange ticker in brackets): the topic's choice reads them last
 * (topic.ts), since a person writes a story's topic as its reports word it.
 */

/** Currency codes a trading desk pairs ("GBP/USD", "USD/JPY"), and gold's and silver's. */
const CURRENCY =
  '(?:USD|EUR|GBP|JPY|CHF|AUD|NZD|CAD|CNY|CNH|HKD|SGD|SEK|NOK|DKK|MXN|ZAR|TRY|RUB|INR|BRL|KRW|PLN|XAU|XAG)';

/** A currency pair opening a headline ("GBP/USD: ...", "EUR/USD - ...", "USD/JPY Forecast ..."). */
const PAIR_OPENING = new RegExp(`^${CURRENCY}/${CURRENCY}(?![\\p{L}\\p{N}])`, 'u');

/**
 * A market index's label opening a headline: the index, then a colon, a dash or a bar, or a
 * desk's word ("FTSE 100: ...", "S&P 500 - ...", "DAX Forecast ..."). An index that does
 * something ("FTSE 100 falls as miners slide") is a report and no label.
 */
const INDEX_LABEL =
  /^(?:S&P\s?500|SPX|Nasdaq(?:\s?100)?|NAS100|US30|Dow(?:\s+Jones)?|DJIA|FTSE(?:\s?100)?|DAX(?:\s?30)?|CAC\s?40|Nikkei(?:\s?225)?|Hang Seng|ASX\s?200)(?:\s*[:|]|\s+[-–—]\s|\s+(?:Forecast|Technical Analysis|Analysis|Outlook|Prediction)\b)/i;

/**
 * A company's legal name with its ticker in brackets, as stock sites title their pages ("J.C. Penney
 * Company, Inc. (JCP) ...", "Herbalife Ltd. (HLF) Shares Drop ...", "Sony Corporation (ADR)"): a
 * reporter names the company in words.
 */
const COMPANY_TICKER =
  /\b(?:Inc|Corp|Corporation|Company|Co|Ltd|Limited|plc|PLC|Group|Holdings|LLC|SA|AG|NV)\.?,?\s*\((?:[A-Z]{1,5}|ADR)\)/;

/**
 * Whether a headline is a trading site's page title, not a reporter's: it opens with a currency
 * pair or an index's label, or names a company by its exchange ticker in brackets ("Medical
 * Marijuana, Inc. (OTCMKTS:MJNA) Holds Steady Course", "JC Penney Company Upgraded to "Buy" at
 * Citigroup Inc. (JCP)"). A story about a currency ("Dollar slides against yen") or an index
 * ("FTSE 100 falls") is written in words and is none.
 */
export function isTraderLabel(headline: string): boolean {
  const text = headline.trim();
  return (
    PAIR_OPENING.test(text) || INDEX_LABEL.test(text) || EXCHANGE_TICKER_RE.test(text) || COMPANY_TICKER.test(text)
  );
}

/**
 * The headlines in their order, trading sites' page titles moved last unless all are: the Bank of
 * England's house-price story (179 demo reports) was topped "GBP/USD: UK economy not yet
 * overheated" where its members say "Mark Carney: Bank Of England Can't Stop UK House Price
 * Inflation", and a person writes the topic as the reports word it.
 */
export function traderLabelsLast(headlines: readonly string[]): readonly string[] {
  return itemsLastUnlessAll(headlines, isTraderLabel);
}

/** A currency pair anywhere in a headline ("Technical analysis: EUR/USD falls ..."), as desks write it. */
const PAIR_ANYWHERE = new RegExp(`(?<![\\p{L}\\p{N}])${CURRENCY}/${CURRENCY}(?![\\p{L}\\p{N}])`, 'u');

/**
 * Whether a headline is a forex desk's or a currency site's: a trading site's title
 * (isTraderLabel), or one naming a currency pair or an "Exchange Rate" in a site's title case
 * ("GBP to AUD Exchange Rate Fluctuates after UK Retail Sales Report", "Exchange Rates Today: Pound
 * to Euro Rockets to 1.2022 GBP/EUR"). The summary's choice reads these last in a trend most of whose
 * members report in words, and keeps the order of a desk's day, where another pair's page would
 * stand in for the trend's.
 */
export function isDeskHeadline(headline: string): boolean {
  return isTraderLabel(headline) || PAIR_ANYWHERE.test(headline) || /\bExchange Rates?\b/.test(headline);
}
