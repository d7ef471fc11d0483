import type { Category } from '@trendscope/core';
import type { Classifier } from '../../../src/classify/classifier';
import { buildTrend, type TrendMember } from '../../../src/detect/build-trend';
import { clusterArticles, type DetectArticle } from '../../../src/detect/cluster';
import { backgroundIdf } from '../../../src/detect/idf';
import { memberText } from '../../../src/detect/trend-category';
import { embeddingLookup } from '../../../src/embed/embed-texts';
import { simhash } from '../../../src/score/simhash';
import { foldOfGroup } from '../classifier/cross-validate';
import { LABEL_MAPPING } from '../../train/classifier/training-samples';
import type { ClusterSet } from '../../corpus/cluster-sets';
import { loadGiveme } from '../../corpus/giveme.corpus';
import { loadUci } from '../../corpus/uci.corpus';
import { givemeMemberTexts } from '../../corpus/detect-articles';
import { FIGURES_NOW } from '../../corpus/cluster-sets';

/** Gold category, classifier split group and publisher of an article of the evaluation sets. */
interface ArticleInfo {
  category: Category;
  group: string;
  domain: string;
}

let infoCache: Map<string, ArticleInfo> | undefined;
function articleInfo(): Map<string, ArticleInfo> {
  if (infoCache) return infoCache;
  const info = new Map<string, ArticleInfo>();
  for (const r of loadUci()) {
    info.set(`uci-${r.id}`, {
      category: LABEL_MAPPING.uci[r.category],
      group: `uci:${r.story}`,
      domain: r.hostname.replace(/^www\./, ''),
    });
  }
  for (const r of loadGiveme()) {
    const category = LABEL_MAPPING.giveme[r.category as keyof typeof LABEL_MAPPING.giveme];
    if (category) info.set(r.id, { category, group: `giveme:${r.event_id}`, domain: r.domain });
  }
  infoCache = info;
  return info;
}

/** The articles' information with a reader's category where their story or event was read. */
function readLabels(info: Map<string, ArticleInfo>, readings: ReadonlyMap<string, Category>): Map<string, ArticleInfo> {
  if (readings.size === 0) return info;
  const out = new Map<string, ArticleInfo>();
  for (const [id, i] of info) out.set(id, { ...i, category: readings.get(i.group) ?? i.category });
  return out;
}

/** Category accuracy of one set's trends and of its single articles. */
export interface TrendCategoryFigures {
  trends: number;
  trendsRight: number;
  articles: number;
  articlesRight: number;
  /** Wrong trends by `gold->served`. */
  errors: Map<string, number>;
  /** Each wrong trend: its topic, size, majority story or event, gold and served category. */
  wrong: { topic: string; articles: number; group: string; gold: Category; served: Category }[];
}

function majority<T extends string>(values: readonly T[]): T {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
}

/**
 * One set clustered and built by the production code; each trend of two or more publishers scored
 * against its members' majority gold category (UCI's b/t/e/m, Giveme5W1H's, mapped as training
 * maps them), each article alone beside it (its headline, plus its lead when it has text).
 * `fold`: only trends whose majority story is in that fold of the classifier's split (and those
 * articles), for a model trained without it. `readings`: categories a reader gave some stories or
 * events (category-readings.ts), which replace their corpus label for trends and articles alike.
 */
export function trendCategoryFigures(
  set: ClusterSet,
  classifier: Classifier,
  fold?: number,
  embedText?: (text: string) => Float32Array | undefined,
  readings: ReadonlyMap<string, Category> = new Map(),
): TrendCategoryFigures {
  const info = readLabels(articleInfo(), readings);
  const idf = backgroundIdf();
  const { articles } = set.load();
  const byId = new Map(articles.map((a) => [a.id, a]));
  const groups = new Map<string, DetectArticle[]>();
  for (const [id, trend] of clusterArticles(articles, [], { now: FIGURES_NOW, idf }).assignments) {
    groups.set(trend, [...(groups.get(trend) ?? []), byId.get(id)!]);
  }
  const out: TrendCategoryFigures = {
    trends: 0,
    trendsRight: 0,
    articles: 0,
    articlesRight: 0,
    errors: new Map(),
    wrong: [],
  };
  for (const [id, list] of groups) {
    const known = list.filter((a) => info.has(a.id)).map((a) => info.get(a.id)!);
    if (new Set(known.map((i) => i.domain)).size < 2) continue;
    const group = majority(known.map((i) => i.group));
    if (fold !== undefined && foldOfGroup(group) !== fold) continue;
    const gold = majority(known.map((i) => i.category));
    const members = list.map((a) => member(a, info.get(a.id)?.domain ?? 'unknown.example'));
    const trend = buildTrend(id, members, {
      now: FIGURES_NOW,
      classifier,
      idf,
      domainQuality: new Map(),
      ...(embedText ? { embedText } : {}),
    });
    const served = trend.category;
    out.trends++;
    if (served === gold) out.trendsRight++;
    else {
      out.errors.set(`${gold}->${served}`, (out.errors.get(`${gold}->${served}`) ?? 0) + 1);
      out.wrong.push({ topic: trend.topic, articles: list.length, group, gold, served });
    }
  }
  for (const a of articles) {
    const i = info.get(a.id);
    if (!i || (fold !== undefined && foldOfGroup(i.group) !== fold)) continue;
    out.articles++;
    const text = memberText(member(a, i.domain));
    if (classifier.classify(text, embedText?.(text)).category === i.category) {
      out.articlesRight++;
    }
  }
  return out;
}

/**
 * The sentence embeddings a set's trends and articles need from `classifier` (their headline +
 * lead, where the model reads one), embedded once as detection does; `embed` may read them from the
 * lab's cache instead (sentence-embeddings.ts: the same encoder, one text per call).
 */
export async function setEmbeddings(
  set: ClusterSet,
  classifier: Classifier,
  embed: (texts: string[]) => Promise<(text: string) => Float32Array | undefined> = embeddingLookup,
): Promise<(text: string) => Float32Array | undefined> {
  const info = articleInfo();
  const texts = set
    .load()
    .articles.map((a) => memberText(member(a, info.get(a.id)?.domain ?? 'unknown.example')))
    .filter((t) => classifier.needsEmbedding(t));
  return embed(texts);
}

/**
 * A clustering input as a trend member, shaped as demo-trends.ts shapes it: a Giveme5W1H page's
 * description and body apart, as the pipeline stores them; a UCI row a headline.
 */
function member(a: DetectArticle, domain: string): TrendMember {
  return {
    id: a.id,
    time: a.time,
    url: `https://${domain}/${a.id}`,
    title: a.title,
    ...givemeMemberTexts(a),
    publisher: domain,
    domain,
    author: null,
    published_date: new Date(a.time).toISOString(),
    word_count: 0,
    fetch_method: 'feed',
    language: 'en',
    simhash: simhash(a.title),
    content_retained: false,
  };
}
