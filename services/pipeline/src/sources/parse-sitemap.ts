import { XMLParser } from 'fast-xml-parser';
import { parseLooseDate } from './parse-date';
import { resolveHttpUrl } from './feed-html';
import { sanitiseField } from '../sanitise/sanitise-text';
import { arr, finishEntries, obj, str, type ParsedFeed } from './map-feed-entries';

const parser = new XMLParser({
  ignoreAttributes: true,
  // Namespace prefixes vary (news:, n:, ...); matching on local names keeps them all.
  removeNSPrefix: true,
  parseTagValue: false,
  processEntities: true,
  htmlEntities: true,
});

/** At most this many URLs are read from one sitemap (the protocol's own limit is 50,000). */
const MAX_SITEMAP_URLS = 50_000;

/**
 * Parses a sitemap (`urlset`), a news sitemap (`urlset` with `news:news`) or a sitemap index
 * (`sitemapindex`, whose entries are the child sitemaps' URLs, format `sitemap`).
 */
export function parseSitemap(xml: string, feedUrl: string): ParsedFeed {
  const doc = obj(parser.parse(xml));
  const index = obj(doc.sitemapindex);
  const urlset = obj(doc.urlset);
  const isIndex = 'sitemapindex' in doc;
  const nodes = arr(isIndex ? index.sitemap : urlset.url)
    .slice(0, MAX_SITEMAP_URLS)
    .map(obj);
  const isNews = !isIndex && nodes.some((n) => 'news' in n);

  const drafts = nodes.flatMap((node) => {
    const url = resolveHttpUrl(str(node.loc), feedUrl);
    if (!url) return [];
    const news = obj(node.news);
    const keywords = (str(news.keywords) ?? '').split(',');
    return [
      {
        id: url,
        url,
        title: sanitiseField(str(news.title), 500),
        summary_html: null,
        content_html: null,
        author: null,
        published: parseLooseDate(str(news.publication_date) ?? str(node.lastmod)),
        categories: [...new Set(keywords.map((k) => sanitiseField(k, 100)).filter((k): k is string => k !== null))],
      },
    ];
  });
  // A news sitemap names its publication in every entry; that name serves as the feed title.
  const publication = nodes.map((n) => str(obj(obj(n.news).publication).name)).find((name) => name !== null);
  return {
    format: isNews ? 'news-sitemap' : 'sitemap',
    title: sanitiseField(publication ?? null, 500),
    link: null,
    entries: finishEntries(drafts, feedUrl),
  };
}
