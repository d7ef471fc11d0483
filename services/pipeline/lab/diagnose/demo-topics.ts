/**
 * Prints the topic of every trend of 3 or more articles of what `make demo` detects (in-process,
 * demo-trends.ts), with its size and two member headlines, largest first.
 * Run: node --import tsx services/pipeline/lab/diagnose/demo-topics.ts ['<clustering options as JSON>']
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, jsonOptions, readCommandLine } from '../command-line';
import { isListed } from '@trendscope/core';
import type { ClusterOptions } from '../../src/detect/cluster';
import { demoTrends, storyRepeats } from '../evaluate/trends/demo-trends';

const options = readCommandLine("demo-topics.ts ['<clustering options as JSON>']", {}, ({ positionals }) =>
  jsonOptions<ClusterOptions>(atMost(1, positionals)[0] ?? '{}'),
);
const trends = await demoTrends(undefined, options);
for (const d of trends
  .filter((t) => t.trend.article_count >= 3)
  .sort((a, b) => b.trend.article_count - a.trend.article_count)) {
  process.stdout.write(
    `${String(d.trend.article_count).padStart(4)}  ${d.trend.topic}  |  ${d.titles.slice(0, 2).join(' / ')}\n`,
  );
}
const repeats = storyRepeats(
  trends.filter((d) => isListed(d.trend)),
  50,
);
process.stdout.write(`first 50 of /v1/trends/recent: ${repeats.length} trends repeat a gold story shown above them\n`);
