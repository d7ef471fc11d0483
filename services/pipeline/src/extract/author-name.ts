/**
 * Validation of author candidates: a person's name or an organisation's byline ("Reuters",
 * "The Associated Press"), never a headline from a sidebar, a reading time, a date, a photo
 * credit or a biography sentence. A candidate that fails is dropped: no author beats a junk one.
 */

/** A Daily Mail style affiliation after the name ("Jane Roe For Mailonline", capital F as bylines write it), cut from it. */
const AFFILIATION_RE = /\s+For\s+\S.*$/u;
/** A job title after the name ("Alex Raskin Sports News Editor"), cut from it. */
/** An academic degree after the name ("Grant Tinsley, PhD"), cut from it. */
const TRAILING_DEGREE_RE = /,?\s+(?:ph\.?\s?d|m\.?d|m\.?sc|m\.?a|b\.?a|rd|rn|mba|dr\.?\s?med)\.?$/iu;
const TRAILING_ROLE_RE =
  /(?<=^\S+\s+\S+.*?)\s+(?:(?:senior|chief|deputy|associate|managing|staff|sports?|news|political|business|science|technology|foreign)\s+)*(?:editor|reporter|correspondent|writer|columnist)$/iu;
/** Bylines are names, so sentence words mean a headline or a biography ("... Is A Staff Reporter"). */
const SENTENCE_WORDS = new Set([
  'is',
  'are',
  'was',
  'were',
  'has',
  'have',
  'had',
  'would',
  'says',
  'what',
  'how',
  'why',
  'when',
  'where',
  'this',
  'that',
  'these',
  'those',
  'about',
  'after',
  'before',
  'to',
  'with',
  'from',
  'on',
  'in',
  'at',
  'it',
  'he',
  'she',
  'they',
  'his',
  'her',
  'their',
  'its',
  'not',
  'only',
  'ist',
  'est',
]);
/** Words that start a junk candidate whatever follows ("A Russian Billionaire ...", "More Stories ..."). */
const JUNK_START_RE =
  /^(?:a|an|and|und|more|about|published|updated|posted|image|photo|video|share|follow|related|opinion)\b/iu;
/** Labels of a comment form or an author page shown where a name is expected ("Name (erforderlich)", "Name *", "Alle Artikel"). */
const LABEL_RE =
  /^(?:name|your name|ihr name|nom|nombre|nome|no author|unknown|anonymous|admin|alle artikel|all (?:posts|articles|stories)|last updated)\b/iu;
/** A desk or section named alone ("Digital Technology", "World News"): the byline's department, not its author. */
const DESK_ONLY_RE =
  /^(?:(?:digital|technology|tech|science|politics|political|business|money|sports?|news|world|entertainment|health|culture|lifestyle|travel|opinion|national|local|foreign|desk)\s*)+$/iu;
/** A user name with digits ("freeman1984"), which blogs show as the byline: one lower-case word. */
const USER_NAME_RE = /^\p{Ll}{3,}[\p{Ll}_.-]*\d{1,4}$/u;
/** Candidates that are labels, credits or times, not names. */
const JUNK_RE =
  /\b(?:min(?:ute)?s?\.? read|getty|shutterstock|images?|photos?|a\.m\.|p\.m\.|staff reporter|about the author|opinion|editorial board|view all posts)\b|\b(?:foto|photo|bild|credit)\s*:|[@|•#]|https?:|\.com\b|\d/iu;
/** A month name or abbreviation alone ("Jan", "Feb."), left from a date. */
const MONTH_RE =
  /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december)\.?$/iu;
/** A job title alone ("Writer", "Special Correspondent"): the name is elsewhere. */
const ROLE_ONLY_RE =
  /^(?:(?:special|senior|chief|staff|guest|contributing|foreign|political|sports?|news|business|technology|science)\s+)*(?:writer|reporter|correspondent|editor|columnist|contributor|producer|author)s?$/iu;
/**
 * Words of an institution's name ("China Aerospace Science and Technology Corporation"). In a list
 * of co-authors such an item comes from a photo or data credit beside the people, not the byline.
 */
const INSTITUTION_RE =
  /\b(?:corporation|corp|company|inc|ltd|llc|agency|administration|institute|university|ministry|department|aerospace|science|technology|laborator(?:y|ies)|association|council|foundation|authority)\b/iu;
const MAX_NAME_CHARS = 60;
const MAX_NAME_WORDS = 6;

/** The candidate as a byline name, or null when it is not one. */
export function validAuthorName(candidate: string): string | null {
  const name = candidate
    .replace(/\s+/g, ' ')
    .replace(AFFILIATION_RE, '')
    .replace(TRAILING_DEGREE_RE, '')
    .replace(TRAILING_ROLE_RE, '')
    .replace(/^[\s,;:–—'"“”‘’-]+|[\s,;:–—'"“”‘’-]+$/gu, '');
  if (name.length < 2 || name.length > MAX_NAME_CHARS || LABEL_RE.test(name)) return null;
  if (USER_NAME_RE.test(name)) return name;
  if (JUNK_RE.test(name) || JUNK_START_RE.test(name) || MONTH_RE.test(name) || ROLE_ONLY_RE.test(name)) return null;
  if (DESK_ONLY_RE.test(name)) return null;
  const words = name.split(' ');
  if (words.length > MAX_NAME_WORDS) return null;
  // "The" only opens an organisation's name ("The Associated Press"), never sits inside one.
  if (words.some((w, i) => SENTENCE_WORDS.has(w.toLowerCase()) || (i > 0 && w.toLowerCase() === 'the'))) return null;
  // A sentence ends with a full stop after a word; a name's full stops follow initials ("John F. Smith", "K.K.").
  if (/\p{L}{3,}\.$/u.test(name) && !/^(?:jr|sr)\.$/iu.test(words[words.length - 1] ?? '')) return null;
  return name;
}

/**
 * The candidate as a byline, or its valid comma-separated names joined (each checked alone, and an
 * institution among people left out), or null when none is one.
 */
export function validAuthorNames(candidate: string): string | null {
  const whole = candidate.replace(TRAILING_DEGREE_RE, '');
  // Names are separated by a comma or semicolon and a space ("Redacci&oacute;n" decoded badly holds a bare one).
  if (!/[,;]\s/.test(whole)) return validAuthorName(whole);
  const names = whole
    .split(/\s*[,;]\s+/)
    .map(validAuthorName)
    .filter((p): p is string => p !== null);
  const people = names.filter((n) => !INSTITUTION_RE.test(n));
  const kept = people.length > 0 ? people : names;
  return kept.length > 0 ? kept.join(', ') : null;
}

/** A feed's author field (RSS dc:creator, Atom author) read as a byline: the same check as a page's candidates. */
export function feedAuthor(value: string | null | undefined): string | null {
  if (!value) return null;
  return validAuthorNames(value.replace(/^\s*by\s+/i, ''));
}
