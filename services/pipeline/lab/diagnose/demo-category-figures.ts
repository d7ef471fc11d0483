/**
 * The served category of every listed trend of the in-process demo (demo-trends.ts, what `make
 * demo` lists) against a reader's category of the trends a real `make demo` listed
 * (data/category-readings/demo-readings.tsv: matched by topic, else by majority story): accuracy,
 * and each trend the reading disagrees with. The in-process list is not the served one (about 200
 * of its 220 trends match a reading). `--list`
 * prints every listed trend (impact, category, articles, majority story, topic) to read from.
 * Run: node --import tsx services/pipeline/lab/diagnose/demo-category-figures.ts [--list] [readings file]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, readCommandLine } from '../command-line';
import { isListed } from '@trendscope/core';
import { demoTrends } from '../evaluate/trends/demo-trends';
import { leadingGold } from '../metrics/story-quality';
import { DEMO_READINGS_FILE, demoReading, loadDemoReadings } from '../metrics/demo-readings';

const { values, positionals } = readCommandLine(
  'demo-category-figures.ts [--list] [readings file]',
  { list: { type: 'boolean', default: false } },
  (line) => ({ ...line, positionals: atMost(1, line.positionals) }),
);
const file = positionals[0] ?? DEMO_READINGS_FILE;
const listed = (await demoTrends(new Date('2026-11-23T12:00:00Z'))).filter((d) => isListed(d.trend));
if (values.list) {
  for (const d of listed) {
    const t = d.trend;
    process.stdout.write(
      `${t.business_impact_score}\t${t.category}\t${t.article_count}\t${leadingGold(d)}\t${t.topic}\n`,
    );
  }
} else {
  const readings = loadDemoReadings(file);
  let right = 0;
  let read = 0;
  const unread: string[] = [];
  const confusion = new Map<string, number>();
  for (const d of listed) {
    const t = d.trend;
    const r = demoReading(readings, t.topic, leadingGold(d));
    if (!r) {
      unread.push(t.topic);
      continue;
    }
    read += 1;
    if (r === t.category) {
      right += 1;
      continue;
    }
    const k = `${r}->${t.category}`;
    confusion.set(k, (confusion.get(k) ?? 0) + 1);
    process.stdout.write(`  ${k.padEnd(26)} ${String(t.article_count).padStart(4)}  ${t.topic}\n`);
  }
  const pairs = [...confusion].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`);
  process.stdout.write(
    `listed ${listed.length}; read ${read}; right ${right} (${(right / Math.max(read, 1)).toFixed(3)})\n` +
      `  errors (read->served): ${pairs.join(', ')}\n`,
  );
  if (unread.length > 0) process.stdout.write(`  no reading (${unread.length}): ${unread.join(' | ')}\n`);
}
