import type { CorpusItem } from './corpus-item';
import { escapeXml } from './xml-escape';

/**
 * Renders an article page for a corpus record that has only plain text, with the metadata a
 * publisher's page carries: canonical link and og:url to the ORIGINAL URL (so the stored domain and
 * publisher are the real publisher's), JSON-LD NewsArticle, OpenGraph and article:* meta tags, and
 * a little navigation boilerplate around the body, as on a real page.
 */
export function renderArticlePage(item: CorpusItem): string {
  const published = item.published?.toISOString() ?? null;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: item.title,
    url: item.originalUrl,
    mainEntityOfPage: item.originalUrl,
    ...(published ? { datePublished: published } : {}),
    ...(item.authors.length > 0 ? { author: item.authors.map((name) => ({ '@type': 'Person', name })) } : {}),
    ...(item.publisher ? { publisher: { '@type': 'Organization', name: item.publisher } } : {}),
    ...(item.description ? { description: item.description } : {}),
  };
  // `</` inside JSON would end the script element early.
  const ld = JSON.stringify(jsonLd).replace(/</g, '\\u003c');
  const paragraphs = (item.text ?? '')
    .split(/\n+/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0)
    .map((p) => `<p>${escapeXml(p)}</p>`)
    .join('\n');
  const meta = [
    `<link rel="canonical" href="${escapeXml(item.originalUrl)}">`,
    `<meta property="og:url" content="${escapeXml(item.originalUrl)}">`,
    `<meta property="og:type" content="article">`,
    `<meta property="og:title" content="${escapeXml(item.title)}">`,
    item.publisher ? `<meta property="og:site_name" content="${escapeXml(item.publisher)}">` : '',
    item.description ? `<meta name="description" content="${escapeXml(item.description)}">` : '',
    item.description ? `<meta property="og:description" content="${escapeXml(item.description)}">` : '',
    published ? `<meta property="article:published_time" content="${published}">` : '',
    ...item.authors.map((a) => `<meta name="author" content="${escapeXml(a)}">`),
  ].filter((m) => m !== '');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeXml(item.title)}</title>
${meta.join('\n')}
<script type="application/ld+json">${ld}</script>
</head>
<body>
<header><nav><a href="/">Home</a> | <a href="/world">World</a> | <a href="/business">Business</a></nav></header>
<main>
<article>
<h1>${escapeXml(item.title)}</h1>
${item.authors.length > 0 ? `<p class="byline">By ${escapeXml(item.authors.join(', '))}</p>` : ''}
${published ? `<time datetime="${published}">${published.slice(0, 10)}</time>` : ''}
<div class="article-body">
${paragraphs}
</div>
</article>
</main>
<footer><p>Replayed from a research corpus by the Trendscope feed server.</p></footer>
</body>
</html>
`;
}
