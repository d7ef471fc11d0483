/**
 * The story rejoin's evidence on two trends of a running service (a real `make demo`), read from
 * their stored members: sizes and spans, whether they were reported at once or one is a small
 * fragment of the other, centroid cosine, shared heaviest terms and entities, their central headlines' meaning,
 * the name and company-event tests, and whether the cheap gates and sameStory join them with the
 * defaults (or the options given); what their members share (pair-overlap.ts: key phrases, rare
 * words, one near-duplicate family by the stored SimHashes).
 * Run: node --import tsx services/pipeline/lab/diagnose/stored-pair-evidence.ts <opensearch url> <trend id> <trend id> ['<rejoin options as JSON>']
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, jsonOptions, readCommandLine } from '../command-line';
import type { DetectArticle } from '../../src/detect/cluster';
import { backgroundIdf } from '../../src/detect/idf';
import {
  DEFAULT_REJOIN_OPTIONS,
  meanEmbedding,
  namedSubject,
  rejoinCandidates,
  reportedAtOnce,
  sameStory,
  smallFragment,
  storyViews,
  type RejoinOptions,
} from '../../src/detect/rejoin-stories';
import { sharedBusinessEvent } from '../../src/detect/shared-business-event';
import { dot as termDot, sharedTerms, topTerms } from '../../src/detect/term-vector';
import { embeddingLookup } from '../../src/embed/embed-texts';
import { dot } from '../../src/text/word-vectors';
import { pairOverlap } from '../metrics/pair-overlap';

const { url, ids, options } = readCommandLine(
  "stored-pair-evidence.ts <opensearch url> <trend id> <trend id> ['<rejoin options as JSON>']",
  {},
  ({ positionals }) => {
    const [url, a, b, json = '{}'] = atMost(4, positionals);
    if (!url || !a || !b) throw new Error('an OpenSearch URL and two trend ids are needed');
    return { url, ids: [a, b], options: jsonOptions<RejoinOptions>(json) };
  },
);
const o: RejoinOptions = { ...DEFAULT_REJOIN_OPTIONS, ...options };
const idf = backgroundIdf();

/** A stored trend's members as detection reads them (active-trend.ts toDetectArticle). */
async function members(trendId: string): Promise<(DetectArticle & { simhash?: string })[]> {
  const res = await fetch(`${url.replace(/\/$/, '')}/trendscope-articles-*/_search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ size: 1000, query: { term: { trend_id: trendId } } }),
  });
  const body = (await res.json()) as { hits: { hits: { _id: string; _source: Record<string, string | string[]> }[] } };
  return body.hits.hits.map(({ _id, _source: s }) => ({
    id: _id,
    title: String(s.title ?? ''),
    text: [s.description, s.body].filter(Boolean).join('\n'),
    time: s.published_date ? Date.parse(String(s.published_date)) : Date.parse(String(s.fetched_at)),
    entities: (s.entities as string[] | undefined) ?? [],
    ...(typeof s.simhash === 'string' ? { simhash: s.simhash } : {}),
  }));
}

const groups = new Map(await Promise.all(ids.map(async (id) => [id, await members(id)] as const)));
const views = storyViews(groups, idf, { ...o, rejoinAtOnceMinArticles: 1, rejoinMinArticles: 1 });
const [a, b] = views;
if (!a || !b) throw new Error(`members found: ${[...groups].map(([id, m]) => `${id} ${m.length}`).join(', ')}`);
const lookup = await embeddingLookup([...a.central, ...b.central]);
const [ma, mb] = [meanEmbedding(a.central.map(lookup)), meanEmbedding(b.central.map(lookup))];
const meaning = ma && mb ? dot(ma, mb) : Number.NaN;
const iso = (t: number): string => new Date(t).toISOString();
for (const v of views)
  process.stdout.write(
    `${v.id}: ${v.article_count} articles, ${iso(v.first_seen)} - ${iso(v.last_seen)}\n  central: ${v.central.join(' / ')}\n` +
      `  entities: ${[...v.entities].join(', ')}\n  top terms: ${[...topTerms(v.centroid, 10).keys()].join(', ')}\n`,
  );
process.stdout.write(
  `later founded ${((b.first_seen - a.last_seen) / 60_000).toFixed(1)} min after the earlier's last report; ` +
    `at once ${reportedAtOnce(a, b, o.rejoinAtOnceSeconds)}, small fragment ${smallFragment(a, b, o)}\n` +
    `centroid cosine ${termDot(a.centroid, b.centroid).toFixed(3)}, shared top terms ` +
    `${sharedTerms(topTerms(a.centroid, 10), topTerms(b.centroid, 10))}, shared entities ` +
    `[${[...a.entities].filter((e) => b.entities.has(e)).join(', ')}]\n` +
    `meaning ${meaning.toFixed(3)}, name ${namedSubject(a, b, o) ?? '-'}, company event ` +
    `${sharedBusinessEvent(a.central, b.central)?.kinds.join('+') ?? '-'}\n` +
    `cheap gates pass ${rejoinCandidates(views, o).length > 0}, sameStory ${sameStory(a, b, meaning, o)}\n`,
);
const overlap = pairOverlap(groups.get(a.id)!, groups.get(b.id)!, idf);
process.stdout.write(
  `members share: key phrases ${overlap.phrases.toFixed(2)}, rare words ${overlap.rare.toFixed(2)}, ` +
    `one near-duplicate family ${overlap.family.toFixed(2)}\n`,
);
