import type { CorpusItem } from './corpus-item';
import { toLocalUrl } from './url-mapping';
import { escapeXml } from './xml-escape';

/**
 * Renders RSS 2.0 for corpus items. `<link>` points at the local page; `<guid isPermaLink="true">`
 * keeps the publisher's original URL, so an item without a page still carries its real address.
 */
export function renderRss(opts: { title: string; base: string; feedUrl: string; items: CorpusItem[] }): string {
  const items = opts.items.map((item) => {
    const parts = [
      `<title>${escapeXml(item.title)}</title>`,
      `<link>${escapeXml(toLocalUrl(opts.base, item.originalUrl))}</link>`,
      `<guid isPermaLink="true">${escapeXml(item.originalUrl)}</guid>`,
    ];
    if (item.description) parts.push(`<description>${escapeXml(item.description)}</description>`);
    if (item.published) parts.push(`<pubDate>${item.published.toUTCString()}</pubDate>`);
    for (const author of item.authors) parts.push(`<dc:creator>${escapeXml(author)}</dc:creator>`);
    if (item.category) parts.push(`<category>${escapeXml(item.category)}</category>`);
    return `<item>${parts.join('')}</item>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `<title>${escapeXml(opts.title)}</title>`,
    `<link>${escapeXml(opts.feedUrl)}</link>`,
    `<description>${escapeXml(`Replayed corpus: ${opts.title}`)}</description>`,
    ...items,
    '</channel>',
    '</rss>',
  ].join('\n');
}
