/**
 * Large companies a headline may name (the world's biggest listed firms and household brands),
 * lower-case as written in headlines. Naming one makes an event material to a large company.
 */
const LARGE_COMPANIES: readonly string[] = (
  'apple|google|alphabet|microsoft|amazon|facebook|twitter|yahoo|ibm|intel|oracle|cisco|qualcomm|broadcom|nvidia|amd|' +
  'samsung|sony|lg|htc|nokia|blackberry|lenovo|huawei|xiaomi|alibaba|tencent|baidu|netflix|ebay|paypal|uber|tesla|' +
  'general motors|gm|ford|toyota|honda|nissan|volkswagen|vw|bmw|daimler|mercedes|fiat|chrysler|hyundai|mazda|' +
  'boeing|airbus|lockheed|general electric|siemens|exxon|exxonmobil|chevron|bp|royal dutch shell|gazprom|rosneft|' +
  "walmart|wal-mart|costco|home depot|walgreen|walgreens|cvs|starbucks|mcdonald's|coca-cola|pepsico|" +
  'procter|unilever|nestle|kraft|heinz|nike|adidas|disney|comcast|time warner|time warner cable|at&t|verizon|' +
  't-mobile|sprint|vodafone|dish|directv|charter|jpmorgan|jp morgan|goldman sachs|morgan stanley|citigroup|citi|' +
  'bank of america|wells fargo|barclays|hsbc|deutsche bank|ubs|credit suisse|bnp paribas|santander|rbs|lloyds|' +
  'berkshire hathaway|blackrock|mastercard|american express|aig|pfizer|merck|novartis|roche|glaxosmithkline|' +
  'gsk|astrazeneca|johnson & johnson|sanofi|bayer|eli lilly|takeda|bristol-myers|abbvie|gilead|allergan|valeant|' +
  'monsanto|dupont|dow chemical|caterpillar|3m|honeywell|hp|hewlett-packard|dell|emc|sap|accenture|bhp|rio tinto|' +
  'glencore|vale|arcelormittal|alcoa|king digital|zynga|snapchat|whatsapp|instagram|linkedin|spacex|airbnb|' +
  'softbank|alstom|lafarge|holcim|carlyle|kkr|blackstone|icahn|buffett|aol|yahoo|candy crush|mt\\.? ?gox'
).split('|');

const LARGE_COMPANY_RE = new RegExp(`(?<![\\p{L}])(?:${LARGE_COMPANIES.join('|')})(?![\\p{L}])`, 'giu');

/** Words that say a company (not a person or a place) is the subject. */
const COMPANY_FORM_RE =
  /\b(?:inc|corp|co|plc|ltd|llc|ag|sa|nv|group|holdings|company|companies|firm|firms|maker|makers|retailer|carmaker|automaker|chipmaker|drugmaker|bank|banks|lender|insurer|airline|operator|brand|startup|start-up|conglomerate|giant|shareholders|ceo|chief executive)\b/gi;

/**
 * An exchange ticker in brackets, as stock-tracker pages write a company ("Medical Marijuana, Inc.
 * (OTCMKTS:MJNA)", "(NYSE:GM)", "(NASDAQ: AAPL)"): the exchanges event-kinds' analyst notes read,
 * with the over-the-counter and American markets' labels.
 */
export const EXCHANGE_TICKER_RE =
  /\((?:NYSE|NASDAQ|NYSEARCA|NYSEMKT|NYSEAMERICAN|AMEX|OTCMKTS|OTC|LON|TSE|TSX)\s?:\s?[A-Z.]{1,6}\)/;

/** Business-news outlets (by domain): a story they cover is more likely to matter to business. */
const BUSINESS_OUTLETS: readonly string[] = (
  'reuters.com|bloomberg.com|businessweek.com|wsj.com|online.wsj.com|ft.com|cnbc.com|marketwatch.com|forbes.com|' +
  'fortune.com|businessinsider.com|economist.com|barrons.com|thestreet.com|fool.com|zacks.com|seekingalpha.com|' +
  'investing.com|streetinsider.com|money.cnn.com|cnnmoney.com|ibtimes.com|ibtimes.co.uk|rttnews.com|bizjournals.com|' +
  'bondbuyer.com|law360.com|nasdaq.com|benzinga.com|dailyfinance.com|finance.yahoo.com|economictimes.indiatimes.com|' +
  'livemint.com|business-standard.com|cityam.com|thisismoney.co.uk|brecorder.com|baystreet.ca|fxstreet.com|' +
  'forexlive.com|pymnts.com|investors.com|financialpost.com|theglobeandmail.com|smh.com.au|afr.com|' +
  'businessspectator.com.au|proactiveinvestors.com|valuewalk.com|wkrb13.com|telecompaper.com|foxbusiness.com|' +
  'kiplinger.com|moneynews.com|247wallst.com|minyanville.com|investopedia.com|morningstar.com|ft.lk|' +
  'reuters.co.uk|uk.reuters.com|in.reuters.com|ca.reuters.com|moneycontrol.com|nbr.co.nz|businessday.co.za|bdlive.co.za|' +
  'thehindubusinessline.com|financialexpress.com|scmp.com|nikkei.com|asia.nikkei.com|handelsblatt.com|lesechos.fr'
).split('|');

const OUTLETS = new Set(BUSINESS_OUTLETS);

/** The large companies a text names (lower-case, each once). */
export function largeCompanies(text: string): string[] {
  return [...new Set([...text.matchAll(LARGE_COMPANY_RE)].map((m) => m[0].toLowerCase()))];
}

/** Whether a text says a company is its subject (a corporate suffix, "firm", "retailer", a ticker, ...). */
export function namesCompanyForm(text: string): boolean {
  COMPANY_FORM_RE.lastIndex = 0;
  return COMPANY_FORM_RE.test(text) || /\((?:NYSE|NASDAQ|LON|TSX)?:?\s?[A-Z]{1,5}\)/.test(text);
}

/** Whether a text names a company at all: a large company or a company's form ("Inc", "firm", "retailer", a ticker). */
export function namesAnyCompany(text: string): boolean {
  return largeCompanies(text).length > 0 || namesCompanyForm(text);
}

/** Whether a domain (www. dropped, lower-case) is a business-news outlet or one of its sub-domains. */
export function isBusinessOutlet(domain: string): boolean {
  let d = domain.toLowerCase().replace(/^www\./, '');
  for (;;) {
    if (OUTLETS.has(d)) return true;
    const dot = d.indexOf('.');
    if (dot < 0 || d.indexOf('.', dot + 1) < 0) return false;
    d = d.slice(dot + 1);
  }
}
