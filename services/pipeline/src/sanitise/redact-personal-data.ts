import { isIPv4, isIPv6 } from 'node:net';
import type { Redactions } from '@trendscope/core';

/** A redaction count of zero for every type. */
export function emptyRedactions(): Redactions {
  return { email: 0, phone: 0, card: 0, iban: 0, ip: 0, ssn: 0 };
}

type RedactionType = keyof Redactions;

interface Detector {
  type: RedactionType;
  pattern: RegExp;
  /** Confirms a candidate (checksums, digit counts); absent = every match counts. */
  accept?: (match: string, text: string, index: number) => boolean;
}

const EMAIL_RE = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
const IBAN_RE = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g;
const CARD_RE = /(?<![+\d.,/-])\d(?:[ -]?\d){12,18}(?![\d.,/-]?\d)/g;
const SSN_RE = /(?<![\d-])(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}(?![\d-])/g;
const IPV6_RE =
  /(?<![\p{L}\p{N}_:.])(?:[0-9a-f]{0,4}:){2,7}(?:[0-9a-f]{1,4}|\d{1,3}(?:\.\d{1,3}){3})?(?![\p{L}\p{N}_:])/giu;
const IPV4_RE = /(?<![\p{L}\p{N}_.-])\d{1,3}(?:\.\d{1,3}){3}(?![\p{L}\p{N}_]|\.\d)/gu;
const INTL_PHONE_RE = /(?<![\p{L}\p{N}_+])(?:\+|00)\d{1,3}(?:[ .-]?\(?\d{1,4}\)?){2,6}(?![\p{L}\p{N}_])/gu;
const NANP_PHONE_RE =
  /(?<![\p{L}\p{N}_(.+-])(?:\(\d{3}\) ?\d{3}[-. ]\d{4}|\d{3}([-. ])\d{3}\1\d{4})(?![\p{L}\p{N}_]|[-.]\d)/gu;
const NATIONAL_PHONE_RE = /(?<![\p{L}\p{N}_.,/+-])0\d{1,4}(?:[ .-]?\d{2,8}){1,4}(?![\p{L}\p{N}_]|[.,/-]\d)/gu;

const digitsOf = (value: string): string => value.replace(/\D/g, '');

/** Luhn checksum of a digit string. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Issuer prefixes of the card networks: random digit runs rarely start like a card. */
const CARD_PREFIX_RE = /^(?:4|5[1-5]|2[2-7]|3[47]|3[068]|35|6(?:011|5|4[4-9]|2))/;

function acceptCard(match: string): boolean {
  const digits = digitsOf(match);
  if (digits.length < 13 || digits.length > 19) return false;
  const groups = match.split(/[ -]/);
  // Grouped numbers are written in blocks of 4-6 (4-4-4-4, Amex 4-6-5); anything else is prose.
  if (groups.length > 1 && groups.slice(0, -1).some((g) => g.length < 4 || g.length > 6)) return false;
  return CARD_PREFIX_RE.test(digits) && luhnValid(digits);
}

/** ISO 13616 check: move the first four characters to the end, letters to numbers, mod 97 = 1. */
function acceptIban(match: string): boolean {
  const iban = match.replace(/ /g, '');
  if (iban.length < 15 || iban.length > 34) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const value = ch >= 'A' && ch <= 'Z' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

function acceptIpv6(match: string): boolean {
  // Needs real hex groups: rules out times (10:30:00), ratios and bare "::".
  return isIPv6(match) && (match.match(/[0-9a-f]+/gi) ?? []).length >= 3;
}

function acceptIpv4(match: string, text: string, index: number): boolean {
  if (!isIPv4(match)) return false;
  // "version 1.2.3.4" / "v1.2.3.4" is a version number, not an address.
  const before = text.slice(Math.max(0, index - 12), index).toLowerCase();
  return !/(?:version|release|build|\bv)\s*$/.test(before);
}

function acceptIntlPhone(match: string): boolean {
  const digits = digitsOf(match);
  const national = match.startsWith('00') ? digits.slice(2) : digits;
  return national.length >= 8 && national.length <= 15;
}

function acceptNationalPhone(match: string): boolean {
  const digits = digitsOf(match);
  if (digits.length < 10 || digits.length > 12) return false;
  // A date followed by a time (01.02.2020 10:30) looks like a number run; it is not a phone.
  return !/^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}/.test(match);
}

/** Order matters: earlier types claim their text before later, looser ones look at it. */
const DETECTORS: Detector[] = [
  { type: 'email', pattern: EMAIL_RE },
  { type: 'iban', pattern: IBAN_RE, accept: acceptIban },
  { type: 'card', pattern: CARD_RE, accept: acceptCard },
  { type: 'ssn', pattern: SSN_RE },
  { type: 'ip', pattern: IPV6_RE, accept: acceptIpv6 },
  { type: 'ip', pattern: IPV4_RE, accept: acceptIpv4 },
  { type: 'phone', pattern: INTL_PHONE_RE, accept: acceptIntlPhone },
  { type: 'phone', pattern: NANP_PHONE_RE },
  { type: 'phone', pattern: NATIONAL_PHONE_RE, accept: acceptNationalPhone },
];

/** Replaces personal data with typed placeholders (`[email]`, `[phone]`, ...) and counts them. */
export function redactPersonalData(text: string): { text: string; redactions: Redactions } {
  const redactions = emptyRedactions();
  let current = text;
  for (const { type, pattern, accept } of DETECTORS) {
    current = current.replace(pattern, (match: string, ...rest: unknown[]) => {
      // The offset is the last numeric argument replace() passes before the whole string.
      const index = rest.find((value) => typeof value === 'number') as number;
      if (accept && !accept(match, current, index)) return match;
      redactions[type] += 1;
      return `[${type}]`;
    });
  }
  return { text: current, redactions };
}
