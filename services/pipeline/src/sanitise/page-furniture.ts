/**
 * Page furniture that sits inside an article's own markup, so that neither the content selection
 * nor the block classifier can tell it from prose by position: advertising and "continue reading"
 * lines, newsletter forms, photo caption and credit residue, highlight boxes, wire copyright
 * lines, reader call-outs, share and related-story widgets, in the languages of the corpora; a
 * date or a byline standing alone, gallery and video-player controls, news photos' captions by
 * their wire shape, wire credits and notices about the text, an embedded post's furniture
 * (embedded-posts.ts: the post itself is quoted text); and, by position, lists of
 * other stories' headlines and wire tails closing the body. And script or style text, which is
 * never prose in any language.
 */

import { EMBED_SKIP_LINK, isOwnPromoPost, PICTURE_POST_CREDIT, withoutEmbedControls } from './embedded-posts';

/** What a furniture paragraph is. */
export type FurnitureKind =
  | 'advertising'
  | 'newsletter'
  | 'caption'
  | 'highlights'
  | 'copyright'
  | 'call-out'
  | 'share-related'
  | 'date-byline'
  | 'media-control'
  | 'wire-credit'
  | 'link-list';

/** One sentence of a reporter's or editor's contact line ("To reach the editor, contact jroe@example.org."). */
const REACH_LINE = String.raw`to reach (?:the |our )?(?:reporter|editor|author|writer|desk)s?(?: [^\s.!?,]+){0,4},? (?:contact|e-?mail|write to) (?:[^\s@]+@[^\s@]*[^\s@.!]|\[email\])[.!]?`;

/** A paragraph is furniture when one of these matches it (anchored: a phrase at its start, or the whole line). */
const FURNITURE: [FurnitureKind, RegExp][] = [
  [
    'advertising',
    /^(?:advertisement|advertising|advert|anzeige|werbung|publicidad|publicité|pubblicità|reklama|annonse|annons|sponsored)\s*:?(?:\s*[-–—:]?\s*(?:continue reading\b.*|story continues below.*|scroll to continue.*))?$/iu,
  ],
  ['advertising', /^(?:continue reading (?:the main story|below)|story continues below|scroll to continue)\b/iu],
  [
    'newsletter',
    /^(?:newsletter sign[- ]?up|sign up for (?:our |the )?.{0,60}(?:newsletters?|e-?mail alerts|e-?mails)\b|get the .{0,40} newsletter|subscribe to (?:our|the) .{0,40}newsletter|newsletter abonnieren|jetzt (?:kostenlos )?(?:für den )?newsletter|abonnez-vous à (?:la|notre) newsletter|inscrivez-vous à (?:la|notre) newsletter|suscr[ií]bete a(?:l| nuestro| la)? (?:newsletter|bolet[ií]n)|zapisz się do newslettera|iscriviti alla (?:nostra )?newsletter)/iu,
  ],
  [
    'newsletter',
    /\bplease verify you[’']re not a robot\b|\binvalid email(?: address)?\b|\bthanks? (?:you )?for subscribing\b|\bcould not subscribe, try again later\b|\bget daily updates directly to your inbox\b/iu,
  ],
  [
    'caption',
    /^(?:enlarge this image\b|toggle caption\b|hide caption\b|image copyright\b|image caption\b|facebook twitter pinterest\b|(?:photo|image|picture|foto|bild|photograph)\s*(?:credit)?\s*:\s*\S.{0,80}$)/iu,
  ],
  ['highlights', /^(?:story highlights\b|(?:highlights|key points)\s*:?$)/iu],
  [
    'copyright',
    /^(?:copyright|©|\(c\))\s*(?:©\s*)?(?:\d{4}\s*(?:[-–]\s*\d{0,4})?)?.{0,80}(?:all rights reserved|alle rechte vorbehalten|tous droits réservés|todos los derechos reservados|tutti i diritti riservati|wszelkie prawa zastrzeżone)/iu,
  ],
  ['copyright', /\bthis material may not be published, broadcast, rewritten,? or redistributed\b/iu],
  [
    'call-out',
    /^(?:we pay for (?:your )?(?:stories|videos|pictures)|do you have a story for\b|got a story\??|have you got a story\b|e-?mail us at\b|have you been affected\b|share your (?:story|experience|photos)\b|if you have a story suggestion\b|contact (?:the )?(?:newsroom|news desk)\b)/iu,
  ],
  [
    'share-related',
    /^(?:read or share this story\b|share this (?:story|article)\b|share (?:on|via) (?:facebook|twitter|whatsapp)\b|follow (?:us|me)\b|like us on facebook\b|read the original article on\b|den originalartikel gibt es auf\b|follow (?:[^\s,.;:]+ ){1,6}on (?:twitter|facebook|instagram)\b.{0,60}$|related(?: articles?| stories| content| coverage)?\s*:|read more\s*:|more\s*:|see also\s*:|weiterlesen\b|lesen sie (?:auch|mehr)\b|mehr zum thema\b|(?:à )?lire aussi\b|(?:lee|leer) (?:también|más)\s*:|czytaj (?:też|także|więcej)\b|leggi anche\b)/iu,
  ],
  // A photo credit closing a caption ("... Photograph: Jane Roe/AP", "... (Photo: Getty Images)"), a
  // picture agency's name opening one ("GETTY ...", "© REUTERS/ ..."), a credit line of its own.
  [
    'caption',
    /(?:\bphotograph(?:er)?: [^.!?]{2,60}|\((?:photo|picture|image)s?: [^()]{2,80}\))$|^.{0,80}\b(?:image|photo|picture)s? (?:via|courtesy of) [^.!?]{2,40}$/iu,
  ],
  ['caption', /^(?:\p{Lu}[\p{Lu} &.]{1,40}•)?(?:GETTY|ALAMY|SHUTTERSTOCK)\b|^©\s?\p{Lu}+\//u],
  ['caption', /^media playback is unsupported on your device\b/iu],
  // A news photo's caption, by the wires' own shape: it opens "FILE - In this ... photo", "FILE
  // PHOTO:", "This ... photo released by ... shows", "An image taken from a ... video", "Grab from a
  // video", or closes on the photo's credit: "(AP Photo/Jane Roe, File)", "(Jane Roe/Getty
  // Images)", "(Jane Roe/dpa via AP, file) (Associated Press)", "(Reuters)", "[Photo/Agencies]",
  // "©Jane Roe (AFP/File)", "| Photo Credit: AP", "... on Sunday. Photo: Reuters", "... Tavon. Jane
  // Roe/Getty Images", "... “inappropriate content” Jane Roe/Reuters" (a name of two words or more
  // after a quote) or that credit alone, also through a second agency and marked as a file picture
  // ("Jane Roe/WireImage via Getty Images, FILE"). A credit in brackets holds letters only (no digits:
  // "(10/20)", "(to $10/share)" are prose) and a capital; its parts are split by the slash alone,
  // and words by one space, so that no input backtracks.
  [
    'caption',
    /^file\s*[-–—]\s*(?:in )?this\b.{0,80}?\b(?:photo|image|picture|photograph)s?\b|^file photo\s*:|^(?:in )?this (?:\S+ ){0,6}(?:photo|image|picture|photograph|video (?:grab|image|still)) (?:released|provided|made available|obtained|distributed|issued|posted) (?:by|from|via)\b|^(?:the |an? )?(?:(?:image|photo|picture|still) taken|grab|screen ?grab|screenshot) from an? (?:[^\s.]+,? ){0,6}video\b/iu,
  ],
  [
    'caption',
    /(?:\((?=[^()]*\p{Lu})[\p{L}\p{M}'’.&, -]{0,60}(?:\/[\p{L}\p{M}'’.&, -]{1,60})+\)|\([^()]{1,80} via \p{Lu}[\p{L}\p{M}. -]{0,30}(?:,\s?[Ff]ile)?\)|\((?:AP|AP Photo|Associated Press|Reuters|AFP|Getty Images|EPA)\))(?:\s*\([^()]{0,60}\))?$/u,
  ],
  [
    'caption',
    /\[(?:photo|image|file)s?\s*\/[^\]]{1,30}\]$|©\s?[^©()]{1,80}\([^()]{1,30}\)$|\|\s*photo credit\s*:\s*[^|]{1,60}$|[.!?]["”’]?\s+(?:photo|image|picture)s?(?: credit)?\s*:\s*[^.!?:]{2,60}$/iu,
  ],
  [
    'caption',
    /(?:^|[.!?]["”’]?\s*)\p{Lu}[\p{L}\p{M}'’.-]*(?: \p{Lu}[\p{L}\p{M}'’.-]*){0,4} ?\/ ?\p{Lu}[\p{L}\p{M}'’.-]*(?: \p{Lu}[\p{L}\p{M}'’.-]*){0,3}(?: via \p{Lu}[\p{L}\p{M}'’.-]*(?: \p{Lu}[\p{L}\p{M}'’.-]*){0,2})?(?:, ?(?:FILE|File|file))?$|["”’]\s+\p{Lu}[\p{L}\p{M}'’.-]*(?: \p{Lu}[\p{L}\p{M}'’.-]*){1,4} ?\/ ?\p{Lu}[\p{L}\p{M}'’.-]*(?: \p{Lu}[\p{L}\p{M}'’.-]*){0,3}$|\p{Ll}\.(?:AFP|AP|Reuters|PTI)$/u,
  ],
  // A wire's production credit or print-edition tag standing alone ("(Reporting by Jane Roe;
  // Editing by John Doe)", "(China Daily 10/03/2017 page4)"), a notice about the text itself.
  [
    'wire-credit',
    /^\((?:additional )?(?:reporting|writing|editing|compiled) by\b[^()]{2,300}\)$|^\([^()]{2,40} \d{1,2}\/\d{1,2}\/\d{4},? page ?\d+\)$|\bthis text may not be in its final form\b|\bplease see our terms for use of feeds\b/iu,
  ],
  // A caption under its picture agency's credit, with no sentence ending ("Getty - Contributor
  // Hackers obtained partial credit card details", "AFP or licensors It is feared ...", "Reuters"
  // alone): prose naming an agency goes on in lower case or ends like a sentence.
  [
    'caption',
    /^(?:Getty(?: Images)?(?: - \p{Lu}\p{L}+)?|Reuters|EPA|AFP(?: or licensors)?|Rex(?: Features)?|Alamy|Shutterstock|PA(?: Wire)?)(?:$| [\p{Lu}\p{N}'‘"“](?!.*[.!?…][\p{Pf}\p{Pe}"'’”»]*$))/u,
  ],
  // Other stories' headlines under a "Related" or "Most read" label with no colon and no sentence
  // ending, and such a label alone ("More from The New York Times:", "Trending Right Now:").
  [
    'share-related',
    /^(?:Related(?: [Ss]tories| [Aa]rticles| [Cc]overage)?|MOST READ(?: IN)?|Most [Rr]ead(?: [Ii]n)?) [\p{Lu}'‘"“](?!.*[.!?…][\p{Pf}\p{Pe}"'’”»]*$)|^(?:More from [^.!?:]{1,40}|Trending(?: [Rr]ight)?(?: [Nn]ow)?|Most [Rr]ead|MOST READ|Related(?: [Ss]tories| [Aa]rticles)?):?$/u,
  ],
  // A link prompt ("Read more about the letter obtained by the NYT here.").
  ['share-related', /^read more (?:about|on|of) .{0,100}\bhere[.!]?$/iu],
  // A newsletter promo closing on its button's word ("... a new daily newsletter ... if you don't
  // Subscribe.").
  ['newsletter', /\bnewsletter\b.{0,160}\S \bSubscribe[.!]?$/u],
  [
    'call-out',
    /^(?:e-?mail|contact) (?:the )?(?:author|writer|reporter)s?\b.{0,60}$|^.{0,60}\b(?:can|may) be (?:reached|contacted) at \S+@\S+$|^e-?mail\s*:\s*\S+@\S+|\bcontact us at \S+@\S+$/iu,
  ],
  ['copyright', /^disclaimer\s*:/iu],
  [
    'share-related',
    /^(?:this (?:article|story) (?:originally )?(?:appeared|was (?:originally )?published) (?:on|in)\b.{0,60}$|(?:if you )?like(?:d)? this (?:story|article)[?,]? share it\b|like (?:[^\s,.;:]+ ){1,6}on facebook\b|order reprints\s*\||interested in [^?]{1,40}\? add [^?]{1,40} as an interest\b)/iu,
  ],
  // The page's date element or byline box: a date (and time) alone, "By Jane Roe" alone.
  [
    'date-byline',
    /^(?:(?:published|updated|posted)\s*:?\s*)?(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,? )?(?:\d{4}-\d{2}-\d{2}(?:[t ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:z|[+-]\d{2}:?\d{2})?)?|\d{4}\.\d{1,2}\.\d{1,2}\.?|\d{1,2}[./]\d{1,2}[./]\d{4}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.? \d{1,2},? \d{4}|\d{1,2}\.? (?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.? \d{4})(?:,? (?:at )?\d{1,2}[:.]\d{2}(?:\s*[ap]\.?m\.?)?(?: [a-z]{2,4})?)?$/iu,
  ],
  ['date-byline', /^[Bb]y (?:\p{Lu}[\p{L}'’.-]*,? (?:and |& )?){0,5}(?:\p{Lu}[\p{L}'’.-]*)$/u],
  // A byline box of several names ("By Jane Roe, Associated Press, John Doe, ..."), a name and the
  // outlet's domain ("Jane Roe, CTVNews.ca"), a source before the date ("Xinhua | Updated:
  // 2017-09-15 17:52"), an update time alone ("Updated at 9:50 p.m. ET Thursday").
  [
    'date-byline',
    /^[Bb]y (?:\p{Lu}[\p{L}'’.-]*(?: \p{Lu}[\p{L}'’.-]*){0,3}, ){2,10}(?:and )?\p{Lu}[\p{L}'’.-]*(?: \p{Lu}[\p{L}'’.-]*){0,3}$|^\p{Lu}[\p{L}'’.-]*(?: \p{Lu}[\p{L}'’.-]*){1,3}, [\p{L}\d-]+(?:\.[a-z]{2,6}){1,2}$/u,
  ],
  [
    'date-byline',
    /^\p{L}[\p{L} .&-]{0,30} \| (?:updated|published|posted)\s*:?\s*\d{4}-\d{2}-\d{2}(?: \d{1,2}:\d{2})?$|^(?:updated|published|posted)(?: at)? \d{1,2}[:.]\d{2}\s*[ap]\.?m\.?(?: [a-z]{2,4})?(?: (?:mon|tue|wed|thu|fri|sat|sun)[a-z]*)?$/iu,
  ],
  // Gallery and video-player controls: "Image 1 of 8", "Hide Caption 3 of 12", "Play slideshow", a
  // video's "CLOSE" button before its blurb, and control words standing alone.
  [
    'media-control',
    /\b(?:image|photo|picture|slide)\s+\d+\s+of\s*\/?\s*\d+\b|\bhide caption \d+ of \d+\b|\bplay slideshow\b|\bembed x share\b|^(?:close|more-in|next|prev|previous|photo|photos|video|now playing:?|enlarge image(?: [\p{L}.]+){0,3}|youtube)$|\b\d{1,2}:\d{2} ?[ap]m\b.{0,40}\|\s*\d{1,2}:\d{2}$/iu,
  ],
  ['media-control', /^CLOSE \p{Lu}|^(\p{Lu}\p{Ll}+)\1+$/u],
  // A promo paragraph asks for a like and a follow in one breath ("Craving even more? Like us on Facebook or Follow us on Twitter.").
  ['share-related', /\blike us on facebook,? (?:or|and) follow us on twitter\b/iu],
  // A link card ends in "Read more" (the Guardian's inline related story).
  ['share-related', /^.{0,160}\bread more$/iu],
  // A teaser's link to the rest of the article on another page ("Continue reading…"): the article
  // ends there (what follows it is judged in furnitureParagraphs).
  ['share-related', /^continue reading(?:\s*(?:…|\.{3}|»|›|→))?$/iu],
  // A contact and follow line closing a report ("Email Jane Roe at jroe@example.com or follow her @janeroe.").
  [
    'call-out',
    /^e-?mail (?:\p{Lu}[\p{L}'’.-]* ?){1,4} at (?:\S+@\S+|\[email\]) (?:or|and) follow (?:him|her|them|me|us) (?:on twitter )?@\w{1,30}\.?$/iu,
  ],
  // The reporter's and the editor's addresses closing a report ("To reach the reporter behind this
  // story, contact jroe@example.org. To reach the editor, contact ..."): a line of such sentences only.
  ['call-out', new RegExp(`^${REACH_LINE}(?: ${REACH_LINE}){0,3}$`, 'iu')],
  // A site's drop-down menus flattened into text: the widget's label, repeated as the control's
  // label, then its placeholder ("Categories Categories Select Category 2015 MAINS ...", "Archives
  // Archives Select Month January 2018 December 2017 ...").
  ['link-list', /^(\p{Lu}\p{L}{2,20}) \1 Select \p{L}{2,20}\b/u],
  // A news aggregator's cluster card: a headline glued to its source, a teaser, the other outlets'
  // headlines, and the link to the cluster ("... EW.comall 371 news articles »"), and its date line
  // ("60 Published By - Google News - Entertainment - 2017.12.30. 18:26").
  ['link-list', /all \d[\d,]{0,8} news articles »(?:\.{3}|…)?$/u],
  ['date-byline', /^(?:\d{1,6} )?Published [Bb]y - [^\n]{1,80} - \d{4}\.\d{2}\.\d{2}\.? \d{1,2}:\d{2}$/u],
  // A gallery's card: its title and blurb, then its counter on the first picture ("... custom
  // wallpapers. 1 / 18", "... in 2018 and beyond. 1 / 22 SONY Spider-Man"): a counter after a
  // sentence, with at most a short credit or caption title after it, never a sentence.
  ['media-control', /[.!?]["”’]? 1 ?\/ ?\d{1,3}(?: [\p{Lu}\p{N}][^.!?]{0,40})?$/u],
  // The credits of several pictures by their place, glued before the caption ("Photos, Top: Jane
  // Roe/Xinhua/Alamy; Bottom: ... Moon Shot: China's rocket [bottom photo] ..."), and a caption
  // closing on its credit after a bar ("Waren gute Freunde: ... | © Jane Roe/Getty Images").
  [
    'caption',
    /^(?:photo(?:graph)?s?|images?|pictures?)(?: credits?)?,? (?:top|bottom|left|right|above|below|centre|center|inset|main)(?: (?:left|right))?\s*:\s*\S/iu,
  ],
  ['caption', /\|\s*©\s?[^|.!?©]{2,60}$/u],
  // A gallery's caption under its counter and date ("6/34 25 November 2017 Jane Roe gives her
  // speech ... Getty Images"): a counter alone opens a thread's post ("1/2 Today we ..."), the date
  // after it does not.
  [
    'media-control',
    /^\d{1,3}\/\d{1,3} \d{1,2} (?:january|february|march|april|may|june|july|august|september|october|november|december) \d{4} \S/iu,
  ],
  // A gallery's "show all" control with its count (or "+") and title ("16 show all Afghanistan: Between Hope and Fear").
  ['media-control', /^(?:\d{1,3}|\+) show all\b.{0,80}$/iu],
  // A print caption closing on its agency after the sentence ("... in Nice, France. Reuters"), the
  // agencies alone ("AP - AFP"), the editors' initials over the sources ("jm/dm (AFP, dpa)").
  [
    'caption',
    /[\p{Ll}\d)]\.["”’]? (?:AFP|AP|Reuters|EPA|Xinhua)$|^(?:AP|AFP|Reuters|EPA|dpa|Xinhua)(?: ?[-–—/,] ?(?:AP|AFP|Reuters|EPA|dpa|Xinhua)){1,4}$/u,
  ],
  ['wire-credit', /^\p{Ll}{2,3}(?:\/\p{Ll}{2,3}){1,3} \((?:\p{L}{2,12}(?:, ?| and | & )?){1,5}\)$/u],
  // A picture post's embed (its credit, and a caption that is a title) and an embed's skip link.
  ['caption', PICTURE_POST_CREDIT],
  ['media-control', EMBED_SKIP_LINK],
];

/** Signs of script or style source: each is rare in prose, two together never seen there. */
const SCRIPT_SIGNS: RegExp[] = [
  /\b(?:window|document)\s*\.\s*[\w$]+\s*(?:=|\(|\.)|\b(?:googletag|_taboola|dataLayer)\b/u,
  /\bfunction\s*[\w$]*\s*\([^)]*\)\s*\{/u,
  /\b(?:var|let|const)\s+[\w$]+\s*=/u,
  /[\w$\]]\s*\.\s*push\s*\(\s*[{[]/u,
  /\}\s*\)\s*;/u,
  /\{\s*['"]?[\w-]+['"]?\s*:\s*['"\d[{]/u,
  /[\w#.[\]-]+\s*\{\s*[\w-]+\s*:\s*[^;{}]+;/u,
  /=>\s*\{/u,
  /;\s*\}/u,
];

/** The kind of furniture a paragraph is, or null when it reads as the article's own text. */
export function furnitureKind(paragraph: string): FurnitureKind | null {
  const text = paragraph.replace(/\s+/g, ' ').trim();
  if (text === '') return null;
  for (const [kind, re] of FURNITURE) if (re.test(text)) return kind;
  return null;
}

/** True when a paragraph reads as script or style source (two distinct signs of code). */
export function isScriptLike(paragraph: string): boolean {
  let signs = 0;
  for (const re of SCRIPT_SIGNS) if (re.test(paragraph) && ++signs >= 2) return true;
  return false;
}

/** True when a paragraph is furniture or script text, never the article's own. */
export function isFurnitureParagraph(paragraph: string): boolean {
  return furnitureKind(paragraph) !== null || isScriptLike(paragraph);
}

/** Most and fewest words of a line read as another story's headline (fewer: a label, a verse line). */
const HEADLINE_MAX_WORDS = 16;
const HEADLINE_MIN_WORDS = 6;
/** Most words of a lone closing headline ("Hollywood star Jane Roe backs new push to help ..."), and of a short sentence bridging a run. */
const CLOSING_HEADLINE_MAX_WORDS = 20;
/** Lines of the article a lone closing headline must follow (a shorter body may be a list of its own). */
const MIN_LINES_BEFORE_CLOSING_HEADLINE = 3;
/** A closing run of headline lines shorter than this may be the article's own last lines (a list, a verse). */
const MIN_HEADLINE_RUN = 2;
/** A wire tail under a separator line ("___ / Online: / ...") holds at most this many lines and words. */
const MAX_TAIL_LINES = 4;
const MAX_TAIL_WORDS = 60;

const SEPARATOR = /^[-_=*~•·]{3,}$/u;
/** A line of a schedule opens with its date ("June 9 -- Coral Sky Amphitheatre, ..."): the article's own list. */
const SCHEDULE_LINE =
  /^(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,? )?(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.? \d{1,2}\b|\d{1,2}\.? (?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|\d{1,2}[./]\d{1,2}\b)/iu;
/** A line ends like a sentence: final punctuation, perhaps inside closing quotes or brackets. */
const SENTENCE_END = /[.!?…。！？][\p{Pf}\p{Pe}"'’”»]*$/u;

/** A line's text with format characters taken out and its spaces collapsed, as the headline tests read it. */
function flatLine(line: string): string {
  return line
    .replace(/\p{Cf}/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A line's flat text (flatLine) when it is shaped like a headline: `least` to `most` words, starting
 * with a capital, a digit or an opening quote; null otherwise. Each headline test adds how it ends.
 */
function headlineShaped(line: string, least: number, most: number): string | null {
  const text = flatLine(line);
  const words = text.split(' ').length;
  return words >= least && words <= most && /^[\p{Lu}\p{N}‘“"']/u.test(text) ? text : null;
}

/**
 * A line that reads as a headline rather than a sentence: six to sixteen words, starting with a
 * capital or a digit, not ending like a sentence. A run of these closing a body is a list of
 * other stories ("Elon Musk wants your help for his Hyperloop / Elon Musk plans to provide ...").
 */
export function isHeadlineLike(line: string): boolean {
  const text = headlineShaped(line, HEADLINE_MIN_WORDS, HEADLINE_MAX_WORDS);
  return text !== null && !SENTENCE_END.test(text) && !SCHEDULE_LINE.test(text);
}

/**
 * A short headline of three to five words ("SpaceX rocket engine explodes"): it may close a closing
 * run that holds two headlines of full length, never sit inside one (a fact box's short lines, "Recompensa
 * $10 millones / Límite de pago 23 de abril", are the article's); alone it is a label, a verse line.
 */
function isShortHeadline(line: string): boolean {
  const text = headlineShaped(line, 3, HEADLINE_MIN_WORDS - 1);
  return text !== null && !SENTENCE_END.test(text) && !/[:;,]$/u.test(text) && !SCHEDULE_LINE.test(text);
}

/** A headline that asks: it joins a run of headlines only between them, never closes one. */
function isHeadlineQuestion(line: string): boolean {
  const text = headlineShaped(line, 3, HEADLINE_MAX_WORDS);
  return text !== null && /\?[\p{Pf}"'’”]*$/u.test(text);
}

/**
 * A short line ending like a sentence: a headline of two sentences ("They were freed from the
 * camps. But their nightmare isn't over.") joins a run of headlines between them, never closes it.
 */
function isShortSentenceLine(line: string): boolean {
  const text = headlineShaped(line, HEADLINE_MIN_WORDS, CLOSING_HEADLINE_MAX_WORDS);
  return text !== null && SENTENCE_END.test(text);
}

/**
 * A headline of two short sentences and nothing else ("NASA lost contact with a satellite 12 years
 * ago. An amateur just found its signal."): no quote (a closing line of speech is the article's),
 * each sentence three words or more, the second opening with a capital.
 */
function isTwoSentenceHeadline(line: string): boolean {
  const text = headlineShaped(line, HEADLINE_MIN_WORDS, CLOSING_HEADLINE_MAX_WORDS);
  if (text === null || /["“”]/u.test(text)) return false;
  const m = /^([^.!?…]+)[.!?…] (\p{Lu}[^.!?…]+)[.!?…]$/u.exec(text);
  return m !== null && wordCount(m[1] ?? '') >= 3 && wordCount(m[2] ?? '') >= 3;
}

function wordCount(line: string): number {
  return line.split(/\s+/).filter((w) => w !== '').length;
}

/** What the page says about its paragraphs, where it is known. */
export interface FurnitureContext {
  /** The page's title: a first paragraph that opens with it is the page's header. */
  title?: string | null;
  /** Paragraphs the page marks as list items without links: the article's own list, never other stories' headlines. */
  ownList?: (index: number) => boolean;
  /** The outlet's names as outletKey reads them (its host's name, its host, its site names): its own posts that link elsewhere are promos. */
  outlet?: ReadonlySet<string>;
}

/** Words a section label may put before the headline in the page's header ("Bitcoin Bitcoin price falls ..."). */
const MAX_LABEL_WORDS = 3;
/** A shorter headline may open the article's own first sentence. */
const MIN_HEADER_WORDS = 5;

/** A text as compared with another: spaces collapsed, lower case. */
export function comparable(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** A paragraph that opens with the page's headline (after at most a short label): the header, not the article. */
function isHeader(paragraph: string, title: string): boolean {
  const text = comparable(paragraph);
  const headline = comparable(title);
  if (headline.split(' ').length < MIN_HEADER_WORDS) return false;
  const at = text.indexOf(headline);
  return at >= 0 && text.slice(0, at).split(' ').length - 1 <= MAX_LABEL_WORDS;
}

/**
 * The paragraphs that are furniture, by index: the first one when it is the page's header (given
 * the title), each one that is furniture on its own or a post of the outlet's own account that
 * links elsewhere (given the outlet's names), and by
 * position the body's tail under a separator line when it is short (a wire tail: "___ / Online: /
 * SpaceX: http://..."), a closing run of at least two headline-like lines among furniture
 * lines (related stories; questions and short sentences may sit between its headlines), one
 * headline closing the body after a sentence, and the tail under a teaser's "Continue reading" or a
 * short label when none of its lines is a sentence. A run that would take the whole body is left:
 * a body of headlines only is judged whole by the retention rules.
 */
export function furnitureParagraphs(paragraphs: string[], opts: FurnitureContext = {}): Set<number> {
  const drop = new Set<number>();
  const outlet = opts.outlet ?? new Set<string>();
  paragraphs.forEach((p, i) => {
    if (isFurnitureParagraph(p) || isOwnPromoPost(p, outlet)) drop.add(i);
  });
  const kept = paragraphs.map((_, i) => i).filter((i) => !drop.has(i) && (paragraphs[i] ?? '').trim() !== '');
  // The page's header read as the first paragraph: the headline alone, or after a section label.
  if (kept.length > 1 && opts.title && isHeader(paragraphs[kept[0] as number] ?? '', opts.title)) {
    drop.add(kept.shift() as number);
  }
  // A gallery read as text: its captions counted 1/N to N/N, its title above its "show all" control.
  for (const i of galleryLines(paragraphs, kept)) drop.add(i);
  kept.splice(0, kept.length, ...kept.filter((i) => !drop.has(i)));
  // The wire tail: the last separator line with a few short lines under it.
  const sep = kept.findLastIndex((i) => SEPARATOR.test((paragraphs[i] ?? '').trim()));
  if (sep >= 0) {
    const tail = kept.slice(sep + 1);
    const words = tail.reduce((n, i) => n + wordCount(paragraphs[i] ?? ''), 0);
    if (sep > 0 && tail.length <= MAX_TAIL_LINES && words <= MAX_TAIL_WORDS) {
      for (const i of kept.splice(sep)) drop.add(i);
    }
  }
  // A closing run of headline lines (the paragraphs already judged furniture may sit among them).
  const inRun = (i: number): boolean => !opts.ownList?.(i) && isHeadlineLike(paragraphs[i] ?? '');
  const short = (i: number): boolean => !opts.ownList?.(i) && isShortHeadline(paragraphs[i] ?? '');
  const bridges = (i: number): boolean =>
    !opts.ownList?.(i) && (isHeadlineQuestion(paragraphs[i] ?? '') || isShortSentenceLine(paragraphs[i] ?? ''));
  let start = kept.length;
  let at = kept.length;
  // The run closes on a headline, or on one short headline; a question or a short sentence only joins it between headlines.
  const closes = at > 0 && (inRun(kept[at - 1] as number) || short(kept[at - 1] as number));
  if (closes && short(kept[at - 1] as number)) start = at -= 1;
  while (closes && at > 0 && (inRun(kept[at - 1] as number) || bridges(kept[at - 1] as number))) {
    at -= 1;
    if (inRun(kept[at] as number)) start = at;
  }
  const run = kept.slice(start).filter((i) => inRun(i)).length;
  if (start > 0 && run >= MIN_HEADLINE_RUN) for (const i of kept.splice(start)) drop.add(i);
  // Whether the last line kept passes `test` after a line ending like a sentence, with the article's lines above.
  const closesAfterSentence = (test: (line: string) => boolean): boolean => {
    const last = kept.at(-1);
    const before = kept.at(-2);
    return (
      last !== undefined &&
      before !== undefined &&
      kept.length >= MIN_LINES_BEFORE_CLOSING_HEADLINE + 1 &&
      !opts.ownList?.(last) &&
      test(paragraphs[last] ?? '') &&
      SENTENCE_END.test(flatLine(paragraphs[before] ?? ''))
    );
  };
  // One other story's headline closing the body after the article's last sentence, and a headline
  // of two sentences right above it (the same list of other stories).
  if (closesAfterSentence(isClosingHeadline)) {
    drop.add(kept.pop() as number);
    if (closesAfterSentence(isTwoSentenceHeadline)) drop.add(kept.pop() as number);
  }
  // The tail under a teaser's "Continue reading" link or under short labels ("BGR Top Deals:",
  // "Trending Right Now:"): other stories' headlines, often glued into one line, none a sentence.
  const isLabel = (i: number): boolean => {
    const text = flatLine(paragraphs[i] ?? '');
    return TEASER_END.test(text) || TAIL_LABEL.test(text);
  };
  const keptSet = new Set(kept);
  // Walking up from the end over headlines and labels, the highest label reached.
  let label = -1;
  for (let i = paragraphs.length - 1; i > 0; i -= 1) {
    if (isLabel(i)) label = i;
    else if (keptSet.has(i) && (opts.ownList?.(i) || !isTailHeadlines(paragraphs[i] ?? ''))) break;
  }
  const headlines = kept.filter((i) => i > label).length;
  if (label > 0 && headlines >= 1 && headlines <= MAX_TAIL_LINES && kept.some((i) => i < label)) {
    for (let i = label; i < paragraphs.length; i += 1) drop.add(i);
  }
  return drop;
}

/**
 * A line read as one other story's headline closing the body: a headline's shape, up to twenty
 * words, closing on a word (not on a bracket, an emoticon or a colon: a quote's author, a blog's
 * sign-off), with no sentence ending inside it (the article's last line closing on a site's end mark)
 * and no address or handle (an embedded post, a link to the maker's site).
 */
function isClosingHeadline(line: string): boolean {
  const text = headlineShaped(line, HEADLINE_MIN_WORDS, CLOSING_HEADLINE_MAX_WORDS);
  return (
    text !== null &&
    /(?:^|\s)[\p{L}\p{N}'‘’"“]\S*(?<=[\p{L}\p{N}'’"”])$/u.test(text) &&
    !SENTENCE_END.test(text) &&
    !/[.!?…]["”’)]?\s/u.test(text) &&
    !/https?:|www\.|@\w|\p{Ll}\.\p{Ll}{2,}\b/u.test(text) &&
    !SCHEDULE_LINE.test(text)
  );
}

/** A gallery's caption under its counter ("3/16 2003 A mother and her two children look out ..."). */
const GALLERY_COUNTER = /^(\d{1,3})\/(\d{1,3}) \S/u;
/** Captions in a gallery's run: a thread of posts counts "1/2" too, but a gallery holds three or more. */
const MIN_GALLERY_CAPTIONS = 3;

/**
 * The lines of a gallery read as text: each run of captions counted from 1/N
 * to N/N in order (N of three or more, no line of them a post's attribution: a thread quoted post
 * by post is the article's), and a line repeating the title that the gallery's "show all" control
 * names right under it ("UK news in pictures" / "34 show all UK news in pictures").
 */
function galleryLines(paragraphs: string[], kept: number[]): number[] {
  const lines: number[] = [];
  // The run is read over every line, those already judged furniture (a dated caption) among them.
  const all = paragraphs.map((_, i) => i).filter((i) => (paragraphs[i] ?? '').trim() !== '');
  let at = 0;
  while (at < all.length) {
    const first = GALLERY_COUNTER.exec(flatLine(paragraphs[all[at] as number] ?? ''));
    const total = Number(first?.[2] ?? 0);
    let end = at;
    if (first?.[1] === '1' && total >= MIN_GALLERY_CAPTIONS) {
      while (end < all.length && end - at < total) {
        const text = flatLine(paragraphs[all[end] as number] ?? '');
        const m = GALLERY_COUNTER.exec(text);
        if (m === null || Number(m[1]) !== end - at + 1 || Number(m[2]) !== total || text.includes('(@')) break;
        end += 1;
      }
    }
    if (end - at === total && total > 0) lines.push(...all.slice(at, end));
    at = Math.max(end, at + 1);
  }
  // The control itself is furniture on its own (not among the kept lines); its title is the kept line above it.
  const keptSet = new Set(kept);
  let above: number | undefined;
  paragraphs.forEach((p, i) => {
    const control = /^(?:\d{1,3}|\+) show all (.{1,80})$/iu.exec(flatLine(p));
    if (
      control !== null &&
      above !== undefined &&
      comparable(paragraphs[above] ?? '') === comparable(control[1] ?? '')
    ) {
      lines.push(above);
    }
    if (keptSet.has(i)) above = i;
  });
  return lines;
}

/** A teaser's link to the rest of the article ("Continue reading…"). */
const TEASER_END = /^continue reading(?:\s*(?:…|\.{3}|»|›|→))?$/iu;
/** A short label over a list of links, closing on its colon ("BGR Top Deals:", "Trending Right Now:"). */
const TAIL_LABEL = /^\p{Lu}[\p{L}\p{N}'’&-]*(?: [\p{L}\p{N}'’&-]+){0,3}:$/u;
/** Lines of other stories' headlines: a capital or digit first, no sentence ending, not a schedule's line nor a post. */
function isTailHeadlines(line: string): boolean {
  const text = flatLine(line);
  return (
    /^[\p{Lu}\p{N}‘“"']/u.test(text) &&
    !SENTENCE_END.test(text) &&
    !SCHEDULE_LINE.test(text) &&
    // An embedded post under "She wrote:" closes on its author's handle and date, not a full stop.
    !/https?:|@\w|pic\.twitter/u.test(text)
  );
}

/** A wire's production credit glued to the body's last sentence ("... landscape. (Writing by Jane Roe; Editing by John Doe)"). */
const CLOSING_CREDIT =
  /(?<=[.!?"”’])\s*\((?:additional )?(?:reporting|writing|editing|compiled) by\b[^()\n]{2,300}\)$/iu;

/** A sentence's text: no sentence ending, but the dots inside a domain or an address ("NJ.com's"). */
const IN_SENTENCE = String.raw`(?:[^.!?\n]|\.(?=\w))`;
/**
 * A promo sentence a site glues into a paragraph of prose: a newsletter sign-up ("Sign up for the
 * free daily newsletter.", "Get the latest updates right in your inbox.", "Subscribe to NJ.com's
 * newsletters."), a follow prompt ("Follow us on Twitter @Spacedotcom or Facebook.", "Email Jane
 * Roe at [address] or follow her @janeroe."). Only at a sentence's start and in the imperative:
 * prose that tells of someone signing up or following goes on in its own words.
 */
const PROMO_SENTENCE = new RegExp(
  String.raw`(?<=^|[.!?…]["”’)]?\s)\s*(?:` +
    [
      String.raw`(?:sign up|subscribe|register)(?: now| today| here)? (?:for|to) ${IN_SENTENCE}{0,80}?\b(?:newsletters?|e-?mail alerts|daily e-?mails?)\b${IN_SENTENCE}{0,100}`,
      String.raw`get ${IN_SENTENCE}{0,80}?\b(?:in|into|to|straight to) your inbox\b${IN_SENTENCE}{0,100}`,
      String.raw`follow (?:us|him|her|me|them) (?:on (?:twitter|facebook|instagram)\b|@)${IN_SENTENCE}{0,80}`,
      String.raw`e-?mail (?:\p{Lu}[\p{L}'’-]* ?){1,4} at (?:\S+@\S+|\[email\]) (?:or|and) follow (?:him|her|them|me|us) (?:on twitter )?@\w{1,30}`,
    ].join('|') +
    String.raw`)(?:[.!]["”’]?(?=\s|$)|$)`,
  'giu',
);

/**
 * A book excerpt's reprint credit closing a paragraph, from a sentence's start: "[From the book ...
 * by Jane Roe.] [Copyright © 2019 by Jane Roe.] Reprinted by permission of Basic Books, New York,
 * NY. All rights reserved." The permission and the reserved rights together; prose that tells of a
 * reprint goes on in its own words.
 */
const REPRINT_CREDIT = new RegExp(
  String.raw`(?<=^|[.!?…]["”’)]?\s)\s*` +
    String.raw`(?:(?:(?:excerpted|adapted) from|from the (?:new )?(?:book|novel|memoir)) ${IN_SENTENCE}{1,160}[.!?]\s+)?` +
    String.raw`(?:(?:copyright|©|\(c\))\s*©?\s*\d{4}${IN_SENTENCE}{0,80}\.\s+)?` +
    String.raw`(?:reprinted|excerpted|used) (?:by|with) (?:kind )?permission (?:of|from) ${IN_SENTENCE}{1,160}\.\s+` +
    String.raw`all rights reserved\.?$`,
  'iu',
);

/** A paragraph without its closing reprint credit (the empty string when it held nothing else). */
function withoutReprintCredit(paragraph: string): string {
  if (!/permission/iu.test(paragraph)) return paragraph;
  return paragraph.replace(REPRINT_CREDIT, '').trim();
}

/** A paragraph without its promo sentences (the empty string when it held nothing else). */
function withoutPromoSentences(paragraph: string): string {
  if (!/newsletter|inbox|follow/iu.test(paragraph)) return paragraph;
  return paragraph.replace(PROMO_SENTENCE, '').replace(/ {2,}/g, ' ').trim();
}

/**
 * The page's update label glued before the first sentence ("Updated | Silicon Valley's ...",
 * "Published 10:05 AM ET | ..."): a label and a bar, never how a sentence opens.
 */
const LEAD_LABEL =
  /^(?:updated|published|posted)\s*:?(?: (?:on|at))?(?: (?:\d[\d:/.,-]{0,10}|[ap]\.?m\.?|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]{0,6}\.?,?|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]{0,6},?|[a-z]{0,3}t)){0,6} \| /iu;

/** The text without an update label before its first sentence (one that opens with a capital, a digit or a quote). */
function withoutLeadLabel(text: string): string {
  const first = text.search(/\S/u);
  const m = first < 0 ? null : LEAD_LABEL.exec(text.slice(first));
  if (m === null || !/^[\p{Lu}\p{N}"“‘']/u.test(text.slice(first + m[0].length))) return text;
  return text.slice(0, first) + text.slice(first + m[0].length);
}

/**
 * Plain text without its furniture and script paragraphs (paragraphs as lines or blank-line
 * blocks), without promo sentences glued into its paragraphs, the skip and report links around an
 * embedded post, an update label before its first
 * sentence and a wire credit closing its last paragraph; ownListItems: the texts of the list items
 * without links of the HTML it was read from.
 */
export function withoutFurniture(text: string, ownListItems: ReadonlySet<string> = new Set()): string {
  const lines = withoutLeadLabel(text)
    .split('\n')
    .map((line) => {
      const kept = withoutEmbedControls(withoutReprintCredit(withoutPromoSentences(line)));
      // A paragraph of promos only leaves a blank line, as a dropped paragraph does.
      return kept === line.trim() ? line : kept;
    });
  const drop = furnitureParagraphs(lines, { ownList: (i) => ownListItems.has(comparable(lines[i] ?? '')) });
  return lines
    .filter((_, i) => !drop.has(i))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .replace(CLOSING_CREDIT, '');
}
