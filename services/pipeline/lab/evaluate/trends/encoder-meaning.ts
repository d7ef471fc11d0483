import { clusterArticles, type ClusterOptions, type DetectArticle } from '../../../src/detect/cluster';
import type { HeadlineMeaning } from '../../../src/detect/headline-meaning';
import { activeEncoder } from '../../../src/embed/encoder-files';
import { cachedEmbeddings } from '../classifier/sentence-embeddings';

/** Where a lab run's headline meanings come from: the GloVe word vectors (detection's default) or the sentence encoder. */
export type MeaningSource = 'glove' | 'encoder';

/**
 * The titles whose meanings a clustering pass adds up: every title, or with `meaningHeadlines` the
 * first ones of each trend. The single pass does not read meanings (only the merge after it does),
 * so a pass without merging founds the same trends in the same order.
 */
export function meaningTitles(
  articles: readonly DetectArticle[],
  o: Partial<ClusterOptions> & Pick<ClusterOptions, 'now' | 'idf'>,
): string[] {
  const cap = o.meaningHeadlines ?? Number.POSITIVE_INFINITY;
  if (!Number.isFinite(cap)) return articles.map((a) => a.title);
  const { assignments } = clusterArticles(articles, [], { ...o, mergeThreshold: 0 });
  const byId = new Map(articles.map((a) => [a.id, a]));
  const seen = new Map<string, number>();
  const titles: string[] = [];
  for (const [articleId, trendId] of assignments) {
    const n = (seen.get(trendId) ?? 0) + 1;
    seen.set(trendId, n);
    if (n <= cap) titles.push(byId.get(articleId)!.title);
  }
  return titles;
}

/**
 * Headline meaning by the sentence encoder for a lab set: the titles the pass reads (meaningTitles)
 * embedded once and kept in .cache/embeddings/headlines-<version>.bin (minutes of CPU for a UCI
 * slice's 10,000 titles the first time, a second to read back), looked up synchronously as
 * clusterArticles needs; a title not embedded has no meaning.
 */
export async function encoderMeaning(
  articles: readonly DetectArticle[],
  o: Partial<ClusterOptions> & Pick<ClusterOptions, 'now' | 'idf'>,
): Promise<HeadlineMeaning> {
  return cachedEmbeddings(meaningTitles(articles, o), activeEncoder(), 'headlines');
}

/** The `meaning` option of clusterArticles for a source: undefined keeps the default (GloVe). */
export async function meaningFor(
  source: MeaningSource | undefined,
  articles: readonly DetectArticle[],
  o: Partial<ClusterOptions> & Pick<ClusterOptions, 'now' | 'idf'>,
): Promise<HeadlineMeaning | undefined> {
  if (source === undefined || source === 'glove') return undefined;
  if (source === 'encoder') return encoderMeaning(articles, o);
  throw new Error(`meaningSource: expected "glove" or "encoder", got ${JSON.stringify(source)}`);
}
