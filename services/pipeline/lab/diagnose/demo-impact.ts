/**
 * The business impact of the in-process demo (demo-trends.ts), as a business reader reads it against
 * the rubric: the top N listed trends by score, and trends chosen by a headline substring of one of
 * their members, each with its score, the regression's total and the parts that carry it
 * (score_breakdown.business_impact: the largest contributions, the event phrases and the largest
 * money amount read, the rubric's readings, the deal the story is about and its size (story-deal.ts); with --headlines, the central headlines the score read).
 * --set reads a held-out UCI slice instead (story-figures.ts' keys: mar1-0, mar2-0, ...).
 * Run: node --import tsx services/pipeline/lab/diagnose/demo-impact.ts ['headline,headline'] [--top N] [--parts K] [--headlines] [--set KEY]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { isListed } from '@trendscope/core';
import type { ImpactBreakdown } from '../../src/detect/impact';
import { RUBRIC_READINGS } from '../../src/detect/rubric-readings';
import { demoTrends, type DemoTrend } from '../evaluate/trends/demo-trends';
import { readCommandLine } from '../command-line';
import { setTrends } from './story-figures';

const { values, positionals } = readCommandLine(
  "demo-impact.ts ['headline,headline'] [--top N] [--parts K] [--headlines] [--set KEY]",
  {
    set: { type: 'string', default: 'demo' },
    top: { type: 'string', default: '20' },
    parts: { type: 'string', default: '5' },
    headlines: { type: 'boolean', default: false },
  },
);
const top = Number(values.top);
const partCount = Number(values.parts);
const wanted = (positionals[0] ?? '')
  .split(',')
  .map((s) => s.trim().toLowerCase())
  .filter(Boolean);

const trends = values.set === 'demo' ? await demoTrends(new Date('2026-11-23T12:00:00Z')) : await setTrends(values.set);
const listed = trends.filter((d) => isListed(d.trend));
const byImpact = [...listed].sort((a, b) => b.trend.business_impact_score - a.trend.business_impact_score);

const show = (d: DemoTrend): void => {
  const t = d.trend;
  const b = (t.score_breakdown as { business_impact?: ImpactBreakdown }).business_impact;
  process.stdout.write(
    `${String(t.business_impact_score).padStart(2)}  ${t.category.padEnd(13)} ${String(t.article_count).padStart(3)} art  ` +
      `${isListed(t) ? 'listed' : 'unlisted'}  ${t.topic}\n`,
  );
  if (!b) return;
  const parts = Object.entries(b.parts)
    .filter(([, p]) => p.points !== 0)
    .sort((x, y) => Math.abs(y[1].points) - Math.abs(x[1].points))
    .slice(0, partCount)
    .map(([name, p]) => `${name} ${p.points > 0 ? '+' : ''}${p.points.toFixed(2)} (${p.value})`);
  // What the rubric's bounds read (rubric-readings.ts): the non-zero shares.
  const readings = RUBRIC_READINGS.filter((name) => b.rubric_readings[name] > 0).map(
    (name) => `${name} ${b.rubric_readings[name].toFixed(2)}`,
  );
  process.stdout.write(
    `      total ${b.total} (baseline ${b.baseline}); ${parts.join(', ')}\n` +
      `      amount ${b.largest_amount ? b.largest_amount.text : '-'}; kinds ${Object.keys(b.event_kinds).join(',') || '-'}` +
      `; readings ${readings.join(', ') || '-'}` +
      `; story deal ${b.story_deal ? `${b.story_deal.text} (${b.story_deal.parties.join(', ')})` : '-'}\n`,
  );
  if (values.headlines) {
    for (const h of b.headlines) process.stdout.write(`        | ${h}\n`);
    process.stdout.write(`        summary: ${t.summary}\n`);
  }
};

if (wanted.length > 0) {
  process.stdout.write('chosen trends:\n');
  for (const w of wanted) {
    const found = trends.filter((d) => d.titles.some((t) => t.toLowerCase().includes(w)));
    if (found.length === 0) process.stdout.write(`  (no trend has a member with "${w}")\n`);
    for (const d of found) show(d);
  }
}
if (top > 0) {
  process.stdout.write(`\ntop ${top} of ${listed.length} listed trends by business impact:\n`);
  for (const d of byImpact.slice(0, top)) show(d);
}
