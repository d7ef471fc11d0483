/**
 * A stored trend's topic rebuilt from all its members, as buildTrend reads it with the sentence
 * encoder, by the served centre of meaning and by the variants of topic-centres.ts: for a trend of a
 * running `make demo` whose served topic a reader doubts (the HIV trend of docs/lab-notes/trends.md,
 * "Topic centres started from headline density"). Prints each variant's topic and its first
 * sampled headlines by closeness to its centre.
 * Run: node --import tsx services/pipeline/lab/diagnose/stored-trend-topic.ts <index prefix> <trend id> ['served;{"density":0.6};...'] (OPENSEARCH_URL). Reads only.
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { createOpenSearchClient, indexNames, loadConfig } from '@trendscope/core';
import { toTrendMembers } from '../../src/detect/active-trend';
import { buildTrendTopic, trendCentre } from '../../src/detect/build-trend';
import { loadTrendMembers } from '../../src/detect/detect.repository';
import { displayText } from '../../src/detect/display-text';
import { backgroundIdf } from '../../src/detect/idf';
import { meaningOrder, sampleText, topicSample } from '../../src/detect/topic-centre';
import { embeddingLookup } from '../../src/embed/embed-texts';
import { atMost, readCommandLine } from '../command-line';
import { largestGroupOrder, variantOptions, type Variant } from './topic-centres';

/** Sampled headlines printed per variant, nearest its centre first. */
const SHOWN = 5;

const { prefix, trendId, variants } = readCommandLine(
  'stored-trend-topic.ts <index prefix> <trend id> [\'served;{"density":0.6};...\'] (OPENSEARCH_URL)',
  {},
  ({ positionals }) => {
    const [p, id, list = 'served'] = atMost(3, positionals);
    if (!p || !id) throw new Error('an index prefix and a trend id are needed');
    return { prefix: p, trendId: id, variants: list.split(';') };
  },
);
const config = loadConfig({ ...process.env, OPENSEARCH_INDEX_PREFIX: prefix });
const opensearch = createOpenSearchClient({ url: config.opensearch.url, requestTimeoutMs: 300_000, maxRetries: 2 });
const members = toTrendMembers(await loadTrendMembers(opensearch, indexNames(prefix), [trendId]));
await opensearch.close();
const idf = backgroundIdf();
const { sorted } = trendCentre(members, idf);
const titles = sorted.map((m) => displayText(m.title));
const embedText = await embeddingLookup(topicSample(titles.length).map((i) => sampleText(titles[i]!)));
process.stdout.write(`${trendId}: ${members.length} members, ${topicSample(titles.length).length} sampled\n`);
for (const variant of variants) {
  const o = variantOptions(variant);
  const v = variant === 'served' ? {} : (JSON.parse(variant) as Variant);
  const outlets = sorted.map((m) => m.publisher || m.domain);
  const order = (ts: readonly string[]): number[] | undefined =>
    v.largest !== undefined
      ? largestGroupOrder({ ...v, largest: v.largest }, ts, embedText, outlets)
      : meaningOrder(ts, embedText, o);
  process.stdout.write(`  ${variant}: ${buildTrendTopic(members, idf, order)}\n`);
  for (const i of (order(titles) ?? []).slice(0, SHOWN)) process.stdout.write(`      ${titles[i]}\n`);
}
