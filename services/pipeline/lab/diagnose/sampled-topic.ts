/**
 * Whether a trend's text fields read from a bounded sample of its members (bounded-members.ts: the
 * members its citations name, then the newest) say what a build from every member says: for each
 * kept trend with more than BOUND members (500 by default), the topic, summary and category
 * buildTrend gives over every member beside those over the sample alone, at its last write (both
 * without sentence embeddings, which a run adds: this compares the sample, not the encoder).
 * Run: node --import tsx services/pipeline/lab/diagnose/sampled-topic.ts <prefix> (OPENSEARCH_URL). Reads only.
 */
import '@trendscope/core/require-project-node';
import { atMost, readCommandLine } from '../command-line';
import { createOpenSearchClient, indexNames, loadConfig, type TrendDoc } from '@trendscope/core';
import { loadClassifier } from '../../src/classify/classifier';
import { toTrendMembers } from '../../src/detect/active-trend';
import { loadMemberSample } from '../../src/detect/bounded-members';
import { buildTrend } from '../../src/detect/build-trend';
import { loadTrendMembers, searchAll } from '../../src/detect/detect.repository';
import { backgroundIdf } from '../../src/detect/idf';

const prefix = readCommandLine(
  'sampled-topic.ts <index prefix> (OPENSEARCH_URL; BOUND=500: trends of more articles)',
  {},
  ({ positionals }) => {
    const [p] = atMost(1, positionals);
    if (!p) throw new Error('an index prefix is needed');
    return p;
  },
);
const bound = Number(process.env.BOUND ?? 500);
const config = loadConfig({ ...process.env, OPENSEARCH_INDEX_PREFIX: prefix });
const opensearch = createOpenSearchClient({ url: config.opensearch.url, requestTimeoutMs: 300_000, maxRetries: 2 });
const names = indexNames(prefix);
const classifier = loadClassifier();
const idf = backgroundIdf();
const trends = await searchAll<TrendDoc>(opensearch, names.trends, { range: { article_count: { gt: bound } } }, [
  { id: 'asc' },
]);
let same = { topic: 0, summary: 0, category: 0 };
for (const { _source: t } of trends) {
  const sample = await loadMemberSample(opensearch, names, t, bound);
  const options = { now: new Date(t.updated_at), classifier, idf, domainQuality: new Map<string, number>() };
  const built = buildTrend(t.id, toTrendMembers(sample), options);
  const whole = buildTrend(t.id, toTrendMembers(await loadTrendMembers(opensearch, names, [t.id])), options);
  same = {
    topic: same.topic + Number(built.topic === whole.topic),
    summary: same.summary + Number(built.summary === whole.summary),
    category: same.category + Number(built.category === whole.category),
  };
  process.stdout.write(
    `${t.id} ${t.article_count} members, ${sample.length} read\n  topic:   ${whole.topic}\n  sampled: ${built.topic}\n` +
      `  summary: ${whole.summary}\n  sampled: ${built.summary}\n  category ${whole.category} / ${built.category}\n`,
  );
}
process.stdout.write(
  `${trends.length} trends above ${bound}: topic ${same.topic}, summary ${same.summary}, category ${same.category} the same\n`,
);
await opensearch.close();
