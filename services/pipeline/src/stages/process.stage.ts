import { decodePageBytes } from '../extract/decode-page-bytes';
import { feedAuthor } from '../extract/author-name';
import { extractArticle } from '../extract/extract-article';
import { cleanBody } from '../sanitise/clean-body';
import { sanitiseField } from '../sanitise/sanitise-text';
import { parseLooseDate } from '../sources/parse-date';
import { scoreArticle } from '../score/score-article';
import { articleId } from '../articles/article-id';
import { buildArticleDoc } from '../articles/build-article-doc';
import type { IndexJobData, NextJob, ProcessJobData } from '../queues/job-data';
import { loadPage } from '../fetch/page-store';
import type { StageDeps } from '../pipeline-deps';

/**
 * Process: main-content extraction and metadata from the page (when there is one), then every
 * stored text field sanitised (markup removed, personal data redacted), then scored. The feed's
 * own content stands in for a page that could not be had.
 */
export async function runProcess(input: ProcessJobData, deps: StageDeps): Promise<NextJob<IndexJobData>[]> {
  const { entry } = input;
  let fetchMethod = input.fetch_method;
  const html = input.page ? await loadPage(deps.redis, input.page.key) : null;
  // An expired page (a very late retry) degrades to the feed content rather than failing.
  if (input.page && !html) fetchMethod = 'feed';
  const pageUrl = input.page?.url ?? entry.url;
  const extracted = html ? extractArticle(decodePageBytes(html), { url: pageUrl }) : null;
  const feedHtml = entry.content_html || entry.summary_html || null;
  const body = extracted?.body_html ? cleanBody(extracted.body_html, feedHtml ?? undefined) : cleanBody(feedHtml ?? '');
  // Extraction falls back to the fetched URL when a page names no canonical link; that address
  // (a redirector, a replay server) is the weakest candidate, after the feed's permalink.
  const pageCanonical = extracted && extracted.canonical_url !== pageUrl ? extracted.canonical_url : null;
  const canonicalUrl = pickCanonical(pageCanonical, entry.id, entry.url);
  const title = sanitiseField(extracted?.title || entry.title || '', 1000) ?? '';
  // A publisher name derived from the fetched host is no better than the registrable domain.
  const publisher =
    extracted?.publisher && !extracted.publisher.includes(new URL(pageUrl).hostname) ? extracted.publisher : null;
  const score = scoreArticle({ title, text: body.text, url: canonicalUrl });
  const doc = buildArticleDoc({
    url: pickCanonical(null, entry.id, entry.url),
    canonicalUrl,
    title,
    publisher: sanitiseOrNull(publisher, 300),
    // The feed's author stands in only as a validated byline: feeds repeat a page's junk ("Feb", sidebar headlines).
    author: sanitiseOrNull(extracted?.author ?? feedAuthor(entry.author), 300),
    publishedDate: extracted?.published_date ?? parseLooseDate(entry.published),
    description: sanitiseOrNull(extracted?.description ?? entry.summary_html, 2000),
    body,
    score,
    fetchMethod,
    fetchedAt: deps.clock(),
    sourceId: input.source_id,
    feedUrl: input.feed_url,
    categoryHint: entry.categories[0] ? sanitiseField(entry.categories[0], 100) : null,
  });
  const id = articleId(canonicalUrl);
  return [{ id: `index-${id}`, data: { id, doc } }];
}

/**
 * The article's canonical URL (with `pageCanonical` null: its URL as the feed names it, the
 * permalink before the link, so citations point at the publisher even when the link is a
 * redirector or a replay server): the page's own canonical link; else the feed's permalink id (RSS
 * `guid` / JSON Feed `id` holding an http(s) URL, which is the publisher's address even when the
 * link goes through a redirector or a replay server); else the entry link.
 */
export function pickCanonical(pageCanonical: string | null, entryId: string | null, entryUrl: string): string {
  for (const candidate of [pageCanonical, entryId]) {
    if (candidate && /^https?:\/\//i.test(candidate) && URL.canParse(candidate)) return new URL(candidate).href;
  }
  return new URL(entryUrl).href;
}

function sanitiseOrNull(value: string | null | undefined, max: number): string | null {
  return value ? sanitiseField(value, max) : null;
}
