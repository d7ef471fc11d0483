/**
 * The served members of some trends of a running API (a real `make demo`): each trend's topic,
 * summary and span, then every citation with its corpus article id, its label corrected by reading
 * (corrected-gold.ts articleLabeller), UCI's or Giveme5W1H's own label, domain and title. What a
 * reader reads to say whether two listed trends that demo-list-check.ts --all counts as one gold
 * story leading two are one story split, or a trend mixing stories whose majority is another
 * story than its topic's.
 * Run: [TRENDSCOPE_API_KEY=...] node --import tsx services/pipeline/lab/diagnose/served-trend-members.ts <API base URL> <trend id> [<trend id> ...]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { readCommandLine } from '../command-line';
import { loadGiveme } from '../corpus/giveme.corpus';
import { loadUci } from '../corpus/uci.corpus';
import { DEMO_UCI_ROWS } from '../evaluate/trends/demo-trends';
import { articleLabeller } from '../metrics/corrected-gold';
import { servedGet } from './served-api';
import { servedUrlKey as urlKey } from './served-url-key';

const { api, ids } = readCommandLine(
  'served-trend-members.ts <API base URL> <trend id> [<trend id> ...]',
  {},
  ({ positionals }) => {
    const [api, ...ids] = positionals;
    if (!api || ids.length === 0) throw new Error('an API base URL and at least one trend id are needed');
    return { api: api.replace(/\/$/, ''), ids };
  },
);

/** Corpus article id and gold label of every demo URL (UCI's demo rows and Giveme5W1H). */
const known = new Map<string, { id: string; gold: string }>();
for (const r of loadUci().slice(0, DEMO_UCI_ROWS))
  known.set(urlKey(r.url), { id: `uci-${r.id}`, gold: `uci:${r.story}` });
for (const r of loadGiveme()) known.set(urlKey(r.url), { id: r.id, gold: `giveme:${r.event_id}` });
const label = articleLabeller();

/** The parts of a served trend detail read here. */
interface Detail {
  topic: string;
  summary: string;
  article_count: number;
  first_seen: string;
  last_seen: string;
  citations: { url: string; title: string; domain: string }[];
}
for (const id of ids) {
  const d = await servedGet<Detail>(api, `/v1/trends/${id}`);
  process.stdout.write(
    `${id} [${d.article_count}] ${d.first_seen} - ${d.last_seen}\n  topic ${d.topic}\n  summary ${d.summary}\n`,
  );
  for (const c of d.citations) {
    const k = known.get(urlKey(c.url));
    const read = k ? label(k.id, k.gold) : '(no gold)';
    process.stdout.write(`  ${k?.id ?? '-'}\t${read}\t${k?.gold ?? '-'}\t${c.domain}\t${c.title}\n`);
  }
}
