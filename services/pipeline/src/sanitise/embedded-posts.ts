/**
 * Social posts embedded in an article, read as text. A post the article quotes is the article's
 * own: the gold bodies of article-extraction-benchmark keep every tweet embedded in their pages
 * (17 on 9 pages), each with its "— Name (@handle) date" line. What goes is the embed's furniture: a picture post's
 * caption and credit ("A post shared by ... (@handle) on <date>": the picture is not in the text),
 * the player's accessibility links around a post ("Skip Twitter post by @handle", "End of Twitter
 * post", a "Report" link after the date), and a post by the outlet's own account that links to
 * another of its stories (a headline, a link, its own handle: a related-story link in a post's
 * shape).
 */

const MONTH = String.raw`(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{0,6}\.?`;

/**
 * An Instagram embed's text: the credit "A post shared by Name (@handle) on Dec 22, 2017 at 2:57pm
 * PST", alone or after a caption that is a title, not sentences ("A Red Car for the Red Planet"). A
 * caption of sentences is a statement the article quotes, and its line stays.
 */
export const PICTURE_POST_CREDIT = new RegExp(
  String.raw`^(?:[^.!?…\n]{1,120} )?a post shared by .{1,80}?\(@[\w.]{1,30}\) on ${MONTH} \d{1,2},? \d{4}(?: at \d{1,2}:\d{2} ?[ap]\.?m\.?(?: [a-z]{2,4})?)?$`,
  'iu',
);

/** An embed's accessibility link standing alone ("Skip Twitter post by @durov", "End of Twitter post by @durov"). */
export const EMBED_SKIP_LINK =
  /^(?:skip|end of) \p{L}+(?: \p{L}+)? (?:post|content|video)(?: \d{1,3})?(?: by @?[\w.]{1,30})?$/iu;

/** The skip link glued before a post's text ("Skip Twitter post by @durov We were alerted ..."). */
const LEADING_SKIP_LINK = /^Skip \p{Lu}\p{L}+(?: \p{L}+)? (?:post|content|video)(?: \d{1,3})? by @?[\w.]{1,30} (?=\S)/u;

/** A post's attribution closing a line: "— Pavel Durov (@durov) February 1, 2018" (the date as the platform writes it, in any language). */
const ATTRIBUTION = String.raw`[—–] ?(.{1,60}?) \(@(\w{1,30})\) [\p{L}\p{N}][\p{L}\p{N}., ]{2,28}`;

const ATTRIBUTED_LINE = new RegExp(`${ATTRIBUTION}$`, 'u');

/** What the embed puts after the post's date: its "Report" link and the end of the skip link. */
const TRAILING_CONTROLS =
  / (?:Report(?: End of \p{L}+(?: \p{L}+)? post(?: by @?[\w.]{1,30})?)?|End of \p{L}+(?: \p{L}+)? post(?: by @?[\w.]{1,30})?)$/u;

/** A line without the embed's accessibility links around the post it holds (the trailing ones only after a post's attribution). */
export function withoutEmbedControls(line: string): string {
  if (!/\bskip\b|\bReport$|\bpost\b/iu.test(line)) return line;
  const text = line.trim().replace(LEADING_SKIP_LINK, '');
  const tail = TRAILING_CONTROLS.exec(text);
  const before = tail === null ? text : text.slice(0, tail.index);
  return tail !== null && before.includes('(@') && ATTRIBUTED_LINE.test(before) ? before : text;
}

/** A name or handle as compared with the outlet's: lower case, letters and digits only. */
export function outletKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/^the\s+/u, '')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * A post by the outlet's own account that links elsewhere ("A step closer to Mars: SpaceX test
 * fires 'world's most powerful rocket' (VIDEO) https://t.co/... — RT (@RT_com) May 10, 2017"): the
 * author's name or handle is one of the outlet's keys (outletKey of its host's name, its host, its
 * site names) and the post's text holds a link. The outlet's post without a link, and anyone
 * else's post, is quoted.
 */
export function isOwnPromoPost(line: string, outlet: ReadonlySet<string>): boolean {
  if (outlet.size === 0 || !line.includes('(@')) return false;
  const text = line.replace(/\s+/g, ' ').trim();
  const m = ATTRIBUTED_LINE.exec(text);
  if (m === null) return false;
  const post = text.slice(0, m.index);
  return (
    /https?:\/\/\S|pic\.twitter\.com\//u.test(post) &&
    (outlet.has(outletKey(m[1] ?? '')) || outlet.has(outletKey(m[2] ?? '')))
  );
}
