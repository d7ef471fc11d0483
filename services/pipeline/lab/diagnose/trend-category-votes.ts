/**
 * How the in-process demo (demo-trends.ts) files chosen trends: each trend's category, confidence
 * and business impact, then every voter's answer (trend-category.ts) on its own text: the
 * classifier's, and the vote it casts where its headline's event changes it (memberAnswer). Trends are
 * chosen by a headline substring of one of their members, and/or the top N by business impact
 * among listed trends.
 * `-v` lists the voters of the top trends too.
 * Run: node --import tsx services/pipeline/lab/diagnose/trend-category-votes.ts ['headline,headline'] [--top N] [-v]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { isListed } from '@trendscope/core';
import { loadClassifier } from '../../src/classify/classifier';
import { decodeEmbedding, encodeEmbedding } from '../../src/embed/compact-embedding';
import { memberAnswer, memberText, voters } from '../../src/detect/trend-category';
import { eventKinds } from '../../src/detect/event-kinds';
import { cachedEmbeddings } from '../evaluate/classifier/sentence-embeddings';
import { demoArticles, demoTrends, type DemoTrend } from '../evaluate/trends/demo-trends';
import { givemeMemberTexts } from '../corpus/detect-articles';
import { atMost, oneNumber, readCommandLine } from '../command-line';

const { values, positionals, top } = readCommandLine(
  "trend-category-votes.ts ['headline,headline'] [--top N] [-v]",
  {
    top: { type: 'string', default: '0' },
    verbose: { type: 'boolean', short: 'v', default: false },
  },
  (line) => ({ ...line, positionals: atMost(1, line.positionals), top: oneNumber(line.values.top) }),
);
const wanted = (positionals[0] ?? '')
  .split(',')
  .map((s) => s.trim().toLowerCase())
  .filter(Boolean);

const now = new Date('2026-11-23T12:00:00Z');
const trends = await demoTrends(now);
const { articles } = demoArticles(now);
const byId = new Map(articles.map((a) => [a.id, a]));
/**
 * A member's voting text as the demo shapes it: UCI rows (no text) are headlines, Giveme5W1H pages
 * have their description and body apart, as the pipeline stores them.
 */
const textOf = (id: string): string => {
  const a = byId.get(id)!;
  return memberText({ title: a.title, ...givemeMemberTexts(a) });
};

const chosen: DemoTrend[] = [];
for (const w of wanted) {
  for (const d of trends) if (d.titles.some((t) => t.toLowerCase().includes(w)) && !chosen.includes(d)) chosen.push(d);
}
const listed = trends.filter((d) => isListed(d.trend));
const byImpact = [...listed].sort((a, b) => b.trend.business_impact_score - a.trend.business_impact_score);
const topList = byImpact.slice(0, top);

const classifier = loadClassifier();
const texts = [...chosen, ...topList].flatMap((d) => voters(d.ids!).map(textOf));
const lookup = await cachedEmbeddings(texts);
/** As detection reads an embedding: through its compact (int8) form. */
const embed = (t: string): Float32Array | undefined => {
  const v = lookup(t);
  return v && decodeEmbedding(t, encodeEmbedding(t, v));
};

const show = (d: DemoTrend, votesToo: boolean): void => {
  const t = d.trend;
  const kinds = Object.keys(eventKinds(d.titles.join('. '))).join(',');
  process.stdout.write(
    `${String(t.business_impact_score).padStart(2)}  ${t.category.padEnd(13)} ${t.category_confidence.toFixed(3)}  ` +
      `${String(t.article_count).padStart(3)} art  ${isListed(t) ? 'listed' : 'unlisted'}  ${t.topic}  [${kinds}]\n`,
  );
  if (!votesToo) return;
  for (const id of voters(d.ids!)) {
    const text = textOf(id);
    const title = byId.get(id)!.title;
    const c = classifier.classify(text, embed(text));
    const v = memberAnswer(title, text, classifier, embed);
    const read = v.category === c.category ? '' : ` -> ${v.category} ${v.confidence.toFixed(3)}`;
    process.stdout.write(`      ${c.category.padEnd(13)} ${c.confidence.toFixed(3)}${read}  ${title}\n`);
  }
};
for (const d of chosen) show(d, true);
if (top > 0) {
  process.stdout.write(`\ntop ${top} of ${listed.length} listed trends by business impact:\n`);
  for (const d of topList) show(d, values.verbose);
}
