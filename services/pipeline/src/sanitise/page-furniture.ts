/**
 * Page furniture that sits inside an article's own markup, so that neither the content selection
 * nor the block classifier can tell it from prose by position: advertising and "continue reading"
 * lines, newsletter forms, photo caption and credit residue, highlight boxes, wire copyright
 * lines, reader call-outs, share and related-story widgets, in the languages of the corpora. And
 * script or style text, which is never prose in any language.
 */

/** What a furniture paragraph is. */
export type FurnitureKind =
  'advertising' | 'newsletter' | 'caption' | 'highlights' | 'copyright' | 'call-out' | 'share-related';

/** A paragraph is furniture when one of these matches it (anchored: a phrase at its start, or the whole line). */
const FURNITURE: [FurnitureKind, RegExp][] = [
  [
    'advertising',
    /^(?:advertisement|advertising|advert|anzeige|werbung|publicidad|publicité|pubblicità|reklama|annonse|annons|sponsored)(?:\s*[-–—:]?\s*(?:continue reading\b.*|story continues below.*|scroll to continue.*))?$/iu,
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
  // A promo paragraph asks for a like and a follow in one breath ("Craving even more? Like us on Facebook or Follow us on Twitter.").
  ['share-related', /\blike us on facebook,? (?:or|and) follow us on twitter\b/iu],
  // A link card ends in "Read more" (the Guardian's inline related story).
  ['share-related', /^.{0,160}\bread more$/iu],
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

/** Plain text without its furniture and script paragraphs (paragraphs as lines or blank-line blocks). */
export function withoutFurniture(text: string): string {
  return text
    .split('\n')
    .filter((line) => !isFurnitureParagraph(line))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
