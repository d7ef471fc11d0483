/**
 * A feed item whose "headline" is the article's byline or dateline, not its headline: UCI's
 * Coachella reports of 12 April 2014 from papers syndicating AP ("AP Music WriterApril 12, 2014
 * Updated 14 minutes ago", "12 hours ago • By MESFIN FEKADU", "MESFIN FEKADU AP Music Writer
 * Published: April 12, 2014 6:35AM"), and a photo credit ("Photo by OLIVIA HARRIS/REUTERS 7 hours
 * ago"). Such lines tell nothing of the story: as terms they cluster the outlets that carry them into
 * a trend of their own, and as a topic they read as the story's name. Read by shape: a byline or
 * dateline marker, and nothing of a report left once the markers, dates and capitals names are taken
 * out. A headline beside a timestamp ("1 hour ago Teen sci-fi franchise 'Divergent' debuts with
 * $56M") keeps its words and is no byline.
 */

const MONTH =
  '(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\\.?';

/** "N minutes ago", "3 hrs ago": a dateline's age, both a marker and a part. */
const AGO = '\\b\\d+\\s+(?:seconds?|minutes?|mins?|hours?|hrs?|days?)\\s+ago\\b';

/** "AP Music Writer", "Associated Press Writer": a byline's desk, both a marker and a part. */
const AP_WRITER = '\\b(?:AP|Associated\\s+Press)\\s+(?:\\p{Lu}\\p{Ll}+\\s+)?Writer';

/** The agencies a byline or a photo credit closes on ("..., The Associated Press", ".../REUTERS"). */
const AGENCY = '(?:Associated\\s+Press|AP|AFP|EPA|REUTERS|Reuters|Getty\\s+Images|Bloomberg)';

/**
 * What marks a byline or dateline: "Updated", "Published:", "By NAME", "AP ... Writer", "Photo by";
 * and AGO_MARKER.
 */
const MARKER = new RegExp(
  ['\\bUpdated\\b', '\\bPublished\\b', '\\bBy\\s+\\p{Lu}{2,}', AP_WRITER, '\\bPhoto\\s+by\\b'].join('|'),
  'u',
);

/**
 * A dateline's age as a marker, in any case ("3 Hours Ago", "5 HOURS AGO") as PARTS takes it out:
 * apart from MARKER, whose "By" and capitals names must keep their case (with the "i" flag \p{Lu}
 * would match any letter).
 */
const AGO_MARKER = new RegExp(AGO, 'iu');

/** The parts of a byline or dateline, taken out before asking what is left. */
const PARTS: readonly RegExp[] = [
  new RegExp(AGO, 'giu'),
  new RegExp(
    `${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}(?:,?\\s+\\d{1,2}:\\d{2}\\s*(?:[AaPp]\\.?[Mm]\\.?)?(?:\\s*[A-Z]{2,4})?)?`,
    'gu',
  ),
  new RegExp(AP_WRITER, 'gu'),
  /\b(?:Updated|Published|Posted|Photo\s+by|By)\b:?/giu,
  /\b\p{Lu}{2,}(?:['’.-]\p{Lu}+)*\b/gu,
  /[•|/·:,–—-]/gu,
];

/** A capitalised word of a name ("Mesfin", "O'Neil", "Jr."). */
const NAME_WORD = "\\p{Lu}[\\p{L}'’.-]*";

/** A byline alone: "By: Mesfin Fekadu, The Associated Press". */
const BYLINE_ONLY = new RegExp(
  `^By:?\\s+${NAME_WORD}(?:\\s+${NAME_WORD}){1,3}(?:\\s*,\\s*(?:The\\s+)?${AGENCY})?$`,
  'u',
);

/** A photo credit alone, names parted by "/" or "," and closing on an agency: "Dmitry Lovetsky/AP", "Photo By Chris Pizzello/Invision/AP". */
const CREDIT_ONLY = new RegExp(
  `^(?:(?:Photo|PHOTO|Photograph|Picture)(?:\\s+(?:[Bb]y|[Cc]redit))?:?\\s+)?${NAME_WORD}(?:\\s*[\\s,/]\\s*${NAME_WORD})*\\s*/\\s*${AGENCY}$`,
  'u',
);

/** Whether a headline is only a byline, a dateline or a photo credit (see the file's comment). */
export function isBylineHeadline(headline: string): boolean {
  const t = headline.trim();
  // Most headlines carry no marker; a byline alone opens on "By" and a credit alone holds a "/", so
  // the cheap tests turn those away before the anchored shapes are tried (this runs per article vector).
  const marked = MARKER.test(t) || AGO_MARKER.test(t);
  if (!marked && !t.startsWith('By') && !t.includes('/')) return false;
  if (BYLINE_ONLY.test(t) || CREDIT_ONLY.test(t)) return true;
  if (!marked) return false;
  let rest = t;
  for (const part of PARTS) rest = rest.replace(part, ' ');
  return !/\p{L}{3,}/u.test(rest);
}
