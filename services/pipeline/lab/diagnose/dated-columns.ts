/**
 * Prints the trends of the in-process `make demo` and of UCI slices that the dated-column rule
 * (detect/dated-column.ts) leaves out of the list: trends of two or more publishers, no roundup,
 * stored with `dated_column`; with -v every member headline, its publisher and the day it names,
 * the publishers whose headlines name two days or more marked, so each can be read.
 * Run: node --import tsx services/pipeline/lab/diagnose/dated-columns.ts [demo,mar1-0,...] [-v]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { LISTED_MIN_SOURCES } from '@trendscope/core';
import { COLUMN_MIN_DAYS, titleDay } from '../../src/detect/dated-column';
import { DEMO_AND_CLUSTER_SET_KEYS } from '../corpus/cluster-sets';
import { atMost, knownNames, readCommandLine } from '../command-line';
import { setTrends } from './story-figures';

if (import.meta.main) {
  const { wanted, verbose } = readCommandLine(
    'dated-columns.ts [demo,mar1-0,...] [-v]',
    { verbose: { type: 'boolean', short: 'v', default: false } },
    ({ values, positionals }) => {
      const [keys = 'demo,mar1-0,mar2-0,mar2-20,mar2-40,apr-30'] = atMost(1, positionals);
      return { wanted: knownNames(keys, DEMO_AND_CLUSTER_SET_KEYS), verbose: values.verbose };
    },
  );
  for (const key of wanted) {
    const trends = await setTrends(key);
    const shown = trends.filter((d) => d.trend.source_count >= LISTED_MIN_SOURCES && d.trend.roundup !== true);
    const columns = shown.filter((d) => d.trend.dated_column === true);
    process.stdout.write(
      `${key}: ${shown.length} trends of two or more publishers, ${columns.length} left out as dated columns\n`,
    );
    for (const d of columns) {
      const { topic, article_count, source_count } = d.trend;
      const days = new Map<string, Set<string>>();
      d.titles.forEach((t, i) => {
        const day = titleDay(t);
        if (day !== undefined) days.set(d.domains[i]!, (days.get(d.domains[i]!) ?? new Set()).add(day));
      });
      const editions = d.domains.filter((m) => (days.get(m)?.size ?? 0) >= COLUMN_MIN_DAYS).length;
      process.stdout.write(
        `  ${topic}  (${article_count} articles, ${source_count} publishers, ${editions} from publishers naming ${COLUMN_MIN_DAYS}+ days)\n`,
      );
      if (!verbose) continue;
      d.titles.forEach((t, i) => {
        const column = (days.get(d.domains[i]!)?.size ?? 0) >= COLUMN_MIN_DAYS ? '*' : ' ';
        process.stdout.write(`    ${column} ${d.domains[i]} | ${t} | ${titleDay(t) ?? ''}\n`);
      });
    }
  }
}
