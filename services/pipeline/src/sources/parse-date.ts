/** Month names and abbreviations (English, Portuguese, Spanish, French, German, Italian). */
const MONTHS: Record<string, number> = {};
const MONTH_NAMES: string[][] = [
  ['jan', 'january', 'janeiro', 'enero', 'ene', 'janv', 'janvier', 'januar', 'jän', 'gennaio', 'gen'],
  ['feb', 'february', 'fev', 'fevereiro', 'febrero', 'févr', 'fevr', 'février', 'februar', 'febbraio'],
  ['mar', 'march', 'março', 'marco', 'marzo', 'mars', 'märz', 'mär', 'maerz'],
  ['apr', 'april', 'abr', 'abril', 'avr', 'avril', 'aprile'],
  ['may', 'mai', 'maio', 'mayo', 'maggio', 'mag'],
  ['jun', 'june', 'junho', 'junio', 'juin', 'juni', 'giugno', 'giu'],
  ['jul', 'july', 'julho', 'julio', 'juil', 'juillet', 'juli', 'luglio', 'lug'],
  ['aug', 'august', 'ago', 'agosto', 'août', 'aout', 'aoû'],
  ['sep', 'sept', 'september', 'set', 'setembro', 'septiembre', 'septembre', 'settembre'],
  ['oct', 'october', 'out', 'outubro', 'octubre', 'octobre', 'okt', 'oktober', 'ott', 'ottobre'],
  ['nov', 'november', 'novembro', 'noviembre', 'novembre'],
  ['dec', 'december', 'dez', 'dezembro', 'dic', 'diciembre', 'déc', 'decembre', 'décembre', 'dezember', 'dicembre'],
];
MONTH_NAMES.forEach((names, index) => names.forEach((name) => (MONTHS[name] = index)));

/** Offsets in minutes of the zone abbreviations RFC 822 allows, plus a few common ones. */
const ZONES: Record<string, number> = {
  z: 0,
  ut: 0,
  utc: 0,
  gmt: 0,
  est: -300,
  edt: -240,
  cst: -360,
  cdt: -300,
  mst: -420,
  mdt: -360,
  pst: -480,
  pdt: -420,
  cet: 60,
  cest: 120,
  bst: 60,
  eet: 120,
  eest: 180,
  wet: 0,
  west: 60,
  jst: 540,
  kst: 540,
  aest: 600,
  aedt: 660,
};

const RFC822_RE =
  /^(?:[^\d,]*,\s*)?(\d{1,2})[\s-]+([\p{L}]+)\.?[\s-]+(\d{2,4})(?:[\sT]+(\d{1,2}):?(\d{2})(?::(\d{2}))?)?\s*([+-]\d{2}:?\d{2}|[a-z]{1,5})?/iu;
const SLASHED_RE = /^(\d{4})\/(\d{1,2})\/(\d{1,2})(?:[\sT]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const ISO_LOCAL_RE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;
const ISO_RE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/** Formats as ISO 8601 UTC without milliseconds, or null outside a plausible range. */
function toIso(ms: number): string | null {
  if (!Number.isFinite(ms)) return null;
  const year = new Date(ms).getUTCFullYear();
  // Outside this range the value is a parsing accident, not a publication date.
  if (year < 1900 || year > 2200) return null;
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function zoneOffset(zone: string | undefined): number | null {
  if (!zone) return 0;
  const numeric = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (numeric) {
    const minutes = Number(numeric[2]) * 60 + Number(numeric[3]);
    return numeric[1] === '-' ? -minutes : minutes;
  }
  // Unknown abbreviations are rare; reading them as UTC is off by hours, never by days.
  return ZONES[zone.toLowerCase()] ?? 0;
}

function fromParts(parts: Array<string | undefined>, offsetMinutes: number): number {
  const [year, month, day, hour, minute, second] = parts.map((p) => Number(p ?? 0));
  if (month === undefined || month < 0 || month > 11 || !day || day > 31) return NaN;
  if ((hour ?? 0) > 23 || (minute ?? 0) > 59 || (second ?? 0) > 60) return NaN;
  return Date.UTC(year ?? NaN, month, day, hour, minute, second) - offsetMinutes * 60_000;
}

function parseRfc822(value: string): number {
  const m = RFC822_RE.exec(value);
  if (!m) return NaN;
  const month = MONTHS[(m[2] ?? '').toLowerCase()];
  if (month === undefined) return NaN;
  let year = Number(m[3]);
  // RFC 822 two-digit years (RFC 2822 section 4.3): 00-49 are 20xx, 50-99 are 19xx.
  if ((m[3] ?? '').length === 2) year += year < 50 ? 2000 : 1900;
  const offset = zoneOffset(m[7]);
  return fromParts([String(year), String(month), m[1], m[4], m[5], m[6]], offset ?? 0);
}

/** Parses the dates found in feeds and pages into ISO 8601 UTC; null when it cannot. */
export function parseLooseDate(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value)
    .replace(/<!\[CDATA\[|\]\]>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '' || text.length > 100) return null;
  if (/^\d{10}(?:\.\d+)?$/.test(text)) return toIso(Number(text) * 1000);
  if (ISO_LOCAL_RE.test(text)) return toIso(Date.parse(`${text.replace(' ', 'T')}Z`));
  if (ISO_RE.test(text)) {
    // A date-only value is read by Date.parse as UTC midnight, which is what we want.
    return toIso(Date.parse(text.replace(' ', 'T').replace(/\s+/, '')));
  }
  const slashed = SLASHED_RE.exec(text);
  if (slashed) {
    const [, y, mo, d, h, mi, s] = slashed;
    return toIso(fromParts([y, String(Number(mo) - 1), d, h, mi, s], 0));
  }
  const rfc = parseRfc822(text);
  if (!Number.isNaN(rfc)) return toIso(rfc);
  // Last resort for other English forms ("November 20, 2019 10:00 AM EST"); local time = UTC.
  // V8 turns almost anything into a date ("1" is 2001), so a four-digit year is required.
  if (!/\b(?:19|20|21)\d{2}\b/.test(text)) return null;
  const loose = Date.parse(/(?:[+-]\d{2}:?\d{2}|\b[a-z]{1,4}T)\s*$/i.test(text) ? text : `${text} UTC`);
  return Number.isNaN(loose) ? null : toIso(loose);
}
