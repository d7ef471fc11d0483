import { readFileSync } from 'node:fs';
import { corpusPath } from './corpus-path';

/** One article of the Giveme5W1H news_cluster set with its gold event and category. */
export interface GivemeArticle {
  id: string;
  url: string;
  domain: string;
  title: string;
  description: string;
  text: string;
  date_publish: string | null;
  authors: string[];
  category: string;
  event_id: number;
  file: string;
  damaged: boolean;
}

interface RawRecord {
  dId: string;
  url: string;
  source_domain: string;
  title: string | null;
  description: string | null;
  text: string | null;
  date_publish: string | null;
  authors: string[] | null;
  newsCluster: { Category: string; EventId: number };
}

/** Both files of the set (383 checked + 36 damaged records = 70 events). */
export function loadGiveme(opts: { damaged?: boolean } = {}): GivemeArticle[] {
  const files = opts.damaged === false ? ['news_cluster.jsonl'] : ['news_cluster.jsonl', 'news_cluster_damaged.jsonl'];
  const out: GivemeArticle[] = [];
  for (const file of files) {
    const lines = readFileSync(corpusPath('giveme5w1h-news-cluster', file), 'utf8').split('\n');
    for (const line of lines) {
      if (!line.trim()) continue;
      const r = JSON.parse(line) as RawRecord;
      out.push({
        id: r.dId,
        url: r.url,
        domain: r.source_domain.replace(/^www\./, '').toLowerCase(),
        title: r.title ?? '',
        description: r.description ?? '',
        text: r.text ?? '',
        date_publish: r.date_publish,
        authors: r.authors ?? [],
        category: r.newsCluster.Category,
        event_id: r.newsCluster.EventId,
        file: `${r.dId}.json`,
        damaged: file.includes('damaged'),
      });
    }
  }
  return out;
}

/** The authors' split of file names (`training` 242, `test` 61). */
export function loadGivemeSampling(): { training: string[]; test: string[] } {
  return JSON.parse(readFileSync(corpusPath('giveme5w1h-news-cluster', 'sampling.json'), 'utf8')) as {
    training: string[];
    test: string[];
  };
}
