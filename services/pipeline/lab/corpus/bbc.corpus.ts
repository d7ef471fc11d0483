import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { corpusPath } from './corpus-path';

/** One BBC News article with its folder category. */
export interface BbcArticle {
  file: string;
  category: string;
  title: string;
  body: string;
}

/**
 * The BBC News full-text set, exact duplicates removed (the corpus has 98 duplicate pairs; the
 * first file of each pair in path order is kept). Invalid UTF-8 falls back to Latin-1.
 */
export function loadBbc(): BbcArticle[] {
  const out: BbcArticle[] = [];
  const seen = new Set<string>();
  for (const category of ['business', 'entertainment', 'politics', 'sport', 'tech']) {
    const dir = corpusPath('bbc-news-fulltext', category);
    for (const name of readdirSync(dir).sort()) {
      const bytes = readFileSync(`${dir}/${name}`);
      const digest = createHash('sha256').update(bytes).digest('hex');
      if (seen.has(digest)) continue;
      seen.add(digest);
      const text = decode(bytes);
      const [title = '', ...rest] = text.split('\n');
      out.push({ file: `${category}/${name}`, category, title: title.trim(), body: rest.join('\n').trim() });
    }
  }
  return out;
}

function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}
