/**
 * Page furniture a reader sees in a stored body, counted by kind: a fixed list of what readers
 * found on the pages (not the extractor's own rules), matched anywhere in a body, so a count can
 * fail. Used for the three extraction sets beside trafilatura (test/support/furniture-count.ts)
 * and for the bodies a running API serves (diagnose/served-bodies.ts).
 */

/** Known furniture phrases, by kind, in the languages of the sets (case-insensitive where a kind's words can be capitalised anywhere). */
export const FURNITURE_PHRASES: Record<string, RegExp> = {
  advertising:
    /(?:^|\n)\s*(?:advertisement|anzeige|werbung|publicidad|publicité)\s*:?\s*(?:$|\n)|continue reading the main story|continue reading below/i,
  newsletter:
    /newsletter sign up|verify you[’']re not a robot|invalid email address|get daily updates directly to your inbox|could not subscribe, try again|sign up for .{0,60}(?:newsletter|e-?mails)|newsletter abonnieren|abonnez-vous à (?:la|notre) newsletter|suscr[ií]bete a(?:l| nuestro)? (?:newsletter|bolet[ií]n)|newsletter[^\n]{0,160}\bsubscribe\.?\s*(?:$|\n)|(?:^|\n|[.!?]\s)(?:get|sign up|subscribe)\b[^\n.!?]{0,80}\b(?:in|into|to) your inbox/i,
  caption:
    /enlarge this image|toggle caption|image copyright .{0,60}image caption|facebook twitter pinterest|photograph: [^\n.]{2,60}(?:$|\n)/i,
  // A news photo's caption as the wires write it: "FILE - In this ... file photo", "This ... photo
  // released by ... shows", closing on its credit: "(AP Photo/Jane Roe, File)", "(Jane Roe/Getty
  // Images)", "(... via AP)", "©Jane Roe (AFP)", "| Photo Credit: AP", "[Photo/Agencies]",
  // "Photo: Reuters", a bare "Jane Roe/Getty Images" after the caption's last sentence.
  'photo-credit':
    /(?:^|\n)\s*file\s*[-–—]\s*(?:in )?this\b[^\n]{0,80}\b(?:photo|image|picture)|(?:^|\n)\s*this [^\n]{0,40}\b(?:photo|image|picture) (?:released|provided|made available|obtained) by\b|\((?:AP|AFP|Reuters)? ?Photo\/[^)\n]{1,60}\)|\([^()\n]{1,60}\/\s?(?:AP|Associated Press|AFP|Getty Images|Reuters|EPA|Invision|Los Angeles Times)(?:,\s?file)?\)\s*(?:\([^()\n]{0,40}\)\s*)?(?:$|\n)|\([^()\n]{1,60} via (?:AP|AFP|Getty Images|Reuters)(?:,\s?file)?\)|©\s?[^\n©]{1,60}\([^()\n]{1,30}\)\s*(?:$|\n)|\|\s*photo credit\s*:|\[(?:photo|image)s?\/[^\]\n]{1,30}\]|[.!?]\s*(?:photo|image)\s*:\s*(?:reuters|ap|afp|getty images)\s*(?:$|\n)|[.!?”"]\s*[A-Z][a-z]+ [A-Z][a-z]+ ?\/ ?(?:Getty Images|AP|AFP|Reuters|PA|Agence France-?presse)\s*(?:$|\n)|\((?:Reuters|AP|AFP|Associated Press)\)\s*(?:$|\n)/i,
  // A picture post's embed: its credit, alone or under a caption with no sentence ending ("A post
  // shared by Jane Roe (@janeroe) on Dec 22, 2017 at 2:57pm PST"); a credit alone through a second
  // agency ("Jane Roe/WireImage via Getty Images, FILE"); credits by place ("Photos, Top: ...");
  // a caption's credit after a bar ("... | © Jane Roe/Getty Images"); a print caption closing on a
  // bare agency after its sentence ("... in Nice. Reuters") and agencies alone ("AP - AFP").
  'embed-credit':
    /(?:^|\n)(?:[^\n.!?]{1,120} )?A post shared by [^\n]{1,80}\(@[\w.]+\) on [A-Z][a-z]{2,8}\.? \d{1,2}, \d{4}(?: at [^\n]{4,16})?\s*(?:$|\n)|(?:^|\n)\s*[A-Z][\w'’.-]*(?: [A-Z][\w'’.-]*){0,3} ?\/ ?[A-Z][\w'’.-]*(?: [A-Z][\w'’.-]*){0,2} via (?:Getty Images|AP|Reuters|AFP|Storyful)(?:, FILE)?\s*(?:$|\n)|(?:^|\n)\s*Photos?, (?:Top|Bottom|Left|Right|Above|Below):|\|\s*©\s?[^\n|.!?]{2,60}(?:$|\n)|[a-z]\. (?:Reuters|AFP|AP)\s*(?:$|\n)|(?:^|\n)\s*(?:AP|AFP|Reuters) - (?:AP|AFP|Reuters)\s*(?:$|\n)/,
  // A picture agency's name before a caption with no full stop, or alone ("Getty - Contributor
  // Hackers obtained partial credit card details", "Reuters").
  'agency-caption':
    /(?:^|\n)(?:Getty Images|Getty - Contributor|Reuters|EPA|AFP|AFP or licensors|Rex Features)(?: [A-Z'][^\n]*[^.!?"”’'\n]['’]?)?[ \t]*(?:\n|$)/,
  highlights: /story highlights/i,
  copyright:
    /all rights reserved|may not be published, broadcast, rewritten|alle rechte vorbehalten|tous droits réservés|todos los derechos reservados|wszelkie prawa zastrzeżone/i,
  'call-out': /we pay for your stories|we pay for videos|do you have a story for|email us at tips/i,
  'share-related':
    /read or share this story|read the original article on|(?:^|\n)\s*(?:related|read more)\s*:|follow us on (?:facebook|twitter|instagram)|(?:^|\n)\s*(?:lesen sie auch|mehr zum thema|lire aussi|lee también|czytaj (?:też|także))\b|(?:article|story) (?:originally )?appeared (?:on|in) |share (?:it|this story) with a friend|(?:^|\n)like [^\n]{1,40} on facebook|(?:^|\n)\s*read more about [^\n]{0,80} here\.?\s*(?:$|\n)|(?:^|\n|[.!?]\s)follow (?:him|her|me|us) (?:on twitter )?@\w|(?:^|\n)\s*continue reading(?:…|\.{3})?\s*(?:$|\n)/i,
  // Other stories' headlines under a "Related" label without a colon ("Related stories 'WORST YET
  // TO COME' Boko Haram leader mocks ...", "Related What Do the Grammys Have Against Women? ...").
  'related-list':
    /(?:^|\n)Related(?: [Ss]tories| [Aa]rticles)? [A-Z'‘“][^\n]{20,}[^\n.!?"”’)\s]\s*(?:$|\n)|(?:^|\n)(?:MOST READ IN|Most Read In) |(?:^|\n)(?:Trending Right Now|More from [^\n:]{1,40}):\s*(?:$|\n)/,
  // A date or a byline standing alone as a paragraph: the page's date element or byline box, its
  // "Source | Updated: <date>" or "Updated at <time>" line, a byline box of many names, a name and
  // the outlet's domain.
  'date-byline':
    /(?:^|\n)\s*(?:\d{4}-\d{2}-\d{2}|\d{4}\.\d{2}\.\d{2}\.?|[A-Z][a-z]{2,8}\.? \d{1,2},? \d{4}|\d{1,2} [A-Z][a-z]{2,8} \d{4})\s*(?:$|\n)|(?:^|\n)\s*By (?:[A-Z][\w'’.-]+ ?){1,4}(?:$|\n)|(?:^|\n)\s*By (?:[A-Z][\w'’.-]*,? (?:and )?){4,16}[A-Z][\w'’.-]*\s*(?:$|\n)|(?:^|\n)\s*[A-Z][\w ]{1,30} \| Updated: \d{4}-\d{2}-\d{2}|(?:^|\n)\s*Updated at \d{1,2}:\d{2} [ap]\.m\.|(?:^|\n)\s*[A-Z][a-z]+ [A-Z][a-z]+, [A-Za-z]+\.(?:com|ca|co\.uk)\s*(?:$|\n)|^\s*(?:Updated|UPDATED|Published|Posted)(?: [^\n|]{1,30})? \| |(?:^|\n)\s*(?:\d+ )?Published By - [^\n]{1,80} - \d{4}\.\d{2}\.\d{2}/,
  // Controls of a photo gallery or a video player read as text, and an embedded post's skip and
  // report links ("Skip Twitter post by @janeroe", "... (@janeroe) February 1, 2018 Report"), a
  // gallery's "16 show all <title>" control and its captions counted "1/16 ...", "2/16 ...", "3/16 ...".
  'media-control':
    /(?:[Ii]mage|[Pp]hoto|[Ss]lide|[Pp]icture) \d+ of \/? ?\d+|[.!?] 1 \/ \d{1,3}(?: |\n|$)|[Hh]ide [Cc]aption \d+ of \d+|[Pp]lay [Ss]lideshow|[Mm]edia playback is unsupported|[Ee]nlarge [Ii]mage\b|(?:^|\n)\s*(?:Skip|End of) (?:Twitter|Instagram|Facebook|YouTube|TikTok) (?:post|content)|(?:^|\n)\s*(?:\d{1,3}|\+) show all |(?:^|\n)\s*1\/(\d{1,3}) [^\n]+\n+2\/\1 [^\n]+\n+3\/\1 |\(@\w+\) [A-Z][a-z]+ \d{1,2}, \d{4} Report\s*(?:$|\n)|(?:^|\n)\s*(?:[Cc]lose|more-in|[Nn]ext|[Pp]rev|[Pp]revious|[Pp]hoto|[Nn]ow [Pp]laying:?)\s*(?:$|\n)|(?:^|\n)CLOSE [A-Z]/,
  // Contact lines and disclaimers below the article.
  contact:
    /(?:^|\n)\s*e-?mail the (?:author|writer|reporter)|can be reached at \S+@|contact (?:us|the writers?) at \S+@|(?:^|\n)\s*disclaimer\s*:|to reach the (?:reporter|editor)[^.\n]{0,40}, contact (?:\S+@|\[email\])/i,
  // A wire's production credit or print-edition tag closing the body ("(Reporting by ...; Editing
  // by ...)", "(China Daily 10/03/2017 page4)"), and notices about the text itself.
  'wire-credit':
    /\((?:additional )?(?:reporting|writing|editing) by [^()\n]{2,200}\)\s*$|(?:^|\n)\s*\([^()\n]{2,40} \d{1,2}\/\d{1,2}\/\d{4} page ?\d+\)|this text may not be in its final form|please see our terms for use of feeds/i,
  // A separator line with a short wire tail under it closing the body ("___ / Online: / ..."), or a run of three or more
  // headline-like lines (short, no sentence ending) closing the body: lists of other stories; a
  // site's drop-down menus read as text, an aggregator's link to its cluster of stories.
  'link-list':
    /(?:^|\n)\s*[_\-=*]{3,}(?:\n+[^\n]{1,200}){0,4}\s*$|(?:\n[A-Z0-9][^\n.!?]{10,110}[^\n.!?:;,…"”’'\s)]){3}\s*$|(?:^|\n)\s*(?:Categories Categories Select Category|Archives Archives Select Month)\b|all \d[\d,]* news articles »/,
};

/** Script or style source in a body: any one of these is code, never prose. */
export const SCRIPT_TEXT =
  /_taboola|googletag\.|\bwindow\.[\w$]+\s*=|\bdocument\.(?:write|getElementById|querySelector)|\bfunction\s*\([^)]*\)\s*\{|\bvar\s+[\w$]+\s*=|\}\s*\)\s*;|[.#][\w-]+\s*\{\s*[\w-]+\s*:[^}]*;/;

/** Bodies holding each kind of furniture, any furniture, and script text. */
export interface FurnitureCount {
  pages: number;
  furniture: number;
  script: number;
  byKind: Record<string, number>;
}

/** The kinds of furniture a body holds, by the phrase list. */
export function furnitureKinds(body: string): string[] {
  return Object.entries(FURNITURE_PHRASES)
    .filter(([, re]) => re.test(body))
    .map(([kind]) => kind);
}

/** Counts the bodies (page id -> plain text) that hold furniture or script text. */
export function countFurniture(bodies: Record<string, string | null>): FurnitureCount {
  const count: FurnitureCount = { pages: 0, furniture: 0, script: 0, byKind: {} };
  for (const kind of Object.keys(FURNITURE_PHRASES)) count.byKind[kind] = 0;
  for (const body of Object.values(bodies)) {
    count.pages += 1;
    const text = body ?? '';
    const kinds = furnitureKinds(text);
    for (const kind of kinds) count.byKind[kind] = (count.byKind[kind] ?? 0) + 1;
    if (kinds.length > 0) count.furniture += 1;
    if (SCRIPT_TEXT.test(text)) count.script += 1;
  }
  return count;
}

/** One line of a count, for the bench, the lab and the docs. */
export function furnitureLine(who: string, c: FurnitureCount): string {
  const kinds = Object.entries(c.byKind)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  return `  ${who.padEnd(11)} pages ${c.pages}  with furniture ${c.furniture}  with script text ${c.script}  (${kinds})`;
}
