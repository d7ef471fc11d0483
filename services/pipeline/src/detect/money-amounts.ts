/** US dollars per unit of each currency a headline writes (rough, stable rates: only the order of magnitude matters). */
const USD_PER: Readonly<Record<string, number>> = {
  usd: 1,
  eur: 1.2,
  gbp: 1.4,
  jpy: 0.009,
  cny: 0.15,
  inr: 0.015,
  aud: 0.75,
  cad: 0.78,
  hkd: 0.13,
  chf: 1.05,
  rub: 0.02,
  nzd: 0.7,
};

/** Currency spellings before or after a number, mapped to their code. */
const CURRENCY: Readonly<Record<string, string>> = {
  $: 'usd',
  us$: 'usd',
  $us: 'usd',
  usd: 'usd',
  dollars: 'usd',
  dollar: 'usd',
  '€': 'eur',
  eur: 'eur',
  eu: 'eur',
  euro: 'eur',
  euros: 'eur',
  '£': 'gbp',
  gbp: 'gbp',
  pounds: 'gbp',
  '¥': 'jpy',
  yen: 'jpy',
  yuan: 'cny',
  renminbi: 'cny',
  rmb: 'cny',
  rs: 'inr',
  'rs.': 'inr',
  inr: 'inr',
  rupees: 'inr',
  a$: 'aud',
  au$: 'aud',
  $a: 'aud',
  $au: 'aud',
  c$: 'cad',
  ca$: 'cad',
  $c: 'cad',
  hk$: 'hkd',
  $hk: 'hkd',
  nz$: 'nzd',
  $nz: 'nzd',
  chf: 'chf',
  francs: 'chf',
  roubles: 'rub',
  rubles: 'rub',
};

/** Multipliers a headline writes after a number ("$121 billion", "€2bn", "7.2 bln", "$10M", "Rs 500 crore"). */
const SCALE: Readonly<Record<string, number>> = {
  trillion: 1e12,
  tn: 1e12,
  tln: 1e12,
  billion: 1e9,
  bn: 1e9,
  bln: 1e9,
  bil: 1e9,
  b: 1e9,
  million: 1e6,
  mn: 1e6,
  mln: 1e6,
  mil: 1e6,
  m: 1e6,
  thousand: 1e3,
  k: 1e3,
  crore: 1e7,
  lakh: 1e5,
};

/** A currency before the number: "US$", "A$" and "$US", "$A" (the Australian press's order) alike. */
const PREFIX = String.raw`(us\$|a\$|au\$|c\$|ca\$|hk\$|nz\$|\$(?:us|au|a|c|hk|nz)(?=\s?\d)|\$|€|£|¥|usd|eur|eu|gbp|inr|rs\.?|chf)`;
const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)`;
const SCALE_WORD = String.raw`(trillion|tn|tln|billion|bln|bil|bn|b|million|mln|mil|mn|m|thousand|k|crore|lakh)`;
const SUFFIX_CURRENCY = String.raw`(dollars|dollar|euros|euro|pounds|yen|yuan|renminbi|rmb|rupees|francs|roubles|rubles)`;
/** "$121 billion", "US$9.3b", "$US1bn", "A$2.5bn", "EU2.1 Billion", "€2bn", "£3.3B", "$7.6-billion", "US$7.6bil", "$275.00". */
const PREFIXED = new RegExp(String.raw`(?<![\p{L}\d])${PREFIX}\s?${NUMBER}(?:[\s-]?${SCALE_WORD}(?![\p{L}]))?`, 'giu');
/** "7.2 bln euro", "3 billion dollars", "500 million yuan". */
const SUFFIXED = new RegExp(
  String.raw`(?<![\p{L}\d$€£¥])${NUMBER}\s?${SCALE_WORD}?\s(?:of\s)?${SUFFIX_CURRENCY}(?![\p{L}])`,
  'giu',
);

/** One money amount found in a text: the words as written and their value in US dollars. */
export interface MoneyAmount {
  text: string;
  usd: number;
}

/** One amount as read: the words as written, the currency's code and the value in that currency. */
interface ReadAmount {
  text: string;
  code: string;
  value: number;
}

/** Every money amount a text writes, in its own currency ("$7. 6 Billion", a feed's split decimal, is $7.6 billion). */
function readAmounts(text: string): ReadAmount[] {
  const clean = text.replace(/(\d)\. (\d)/g, '$1.$2');
  const out: ReadAmount[] = [];
  for (const m of clean.matchAll(PREFIXED)) {
    const code = CURRENCY[m[1]!.toLowerCase()];
    const value = amount(m[2]!, m[3]);
    if (code && value > 0) out.push({ text: m[0].trim(), code, value });
  }
  for (const m of clean.matchAll(SUFFIXED)) {
    const code = CURRENCY[m[3]!.toLowerCase()];
    const value = amount(m[1]!, m[2]);
    if (code && value > 0) out.push({ text: m[0].trim(), code, value });
  }
  return out;
}

/**
 * Every money amount a text writes, in US dollars (currency converted at rough fixed rates).
 * Bare numbers without a currency ("1.6 million cars") are not money.
 */
export function moneyAmounts(text: string): MoneyAmount[] {
  return readAmounts(text).map((a) => ({ text: a.text, usd: a.value * USD_PER[a.code]! }));
}

/**
 * The money amounts a text names, each once as its currency and value, so that spellings of one
 * figure meet ("$7.6 billion", "$7.6B", "US$7.6bil", "$7.6-billion" and "$US7.6bn" are all
 * "usd7600000000"; "A$7.6bn" is "aud7600000000").
 */
export function moneyFigures(text: string): string[] {
  return [...new Set(readAmounts(text).map((a) => `${a.code}${Math.round(a.value)}`))];
}

/** The largest amount of a text in US dollars, or null when it names none. */
export function largestAmount(text: string): MoneyAmount | null {
  let best: MoneyAmount | null = null;
  for (const a of moneyAmounts(text)) if (!best || a.usd > best.usd) best = a;
  return best;
}

function amount(number: string, scale: string | undefined): number {
  const value = Number(number.replace(/,/g, ''));
  return Number.isFinite(value) ? value * (scale ? (SCALE[scale.toLowerCase()] ?? 1) : 1) : 0;
}

/**
 * Sums that belong to a person or an object rather than to a company or an economy: a household's
 * bill, a lottery win or a prize, a reward or a ransom, a salary or a fortune, the price of a
 * painting or a house. "Woman stunned to find electric bill listed as $284 billion" is a curiosity,
 * not a $284 billion event; "Senate passes $1.1 trillion spending bill" is a budget.
 */
const PERSONAL_SUM_RE =
  /\b(?:(?:electric(?:ity)?|power|energy|utility|gas|water|heating|phone|cell ?phone|mobile|cable|internet|medical|hospital|ambulance|dental|restaurant|bar|grocery|hotel|parking|credit card|student loan) bills?|lottery|lotto|powerball|mega millions|jackpot|prize money|cash prize|prize of|winnings|reward|ransom|bail|tip of|salary|net worth|inheritance|scholarship|painting|artwork|sculpture|mansion|penthouse|(?:sold|sells|fetch(?:es|ed)?) at auction|at auction)\b/i;

/** Whether a text names a person's or an object's sum (PERSONAL_SUM_RE). */
export function namesPersonalSum(text: string): boolean {
  return PERSONAL_SUM_RE.test(text);
}
