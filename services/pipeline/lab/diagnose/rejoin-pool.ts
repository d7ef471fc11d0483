/**
 * Every pair of trends the story rejoin's cheap gates let through with no named entity required
 * (rejoin-stories.ts: size, time, centroid cosine, shared heaviest terms) whose majority gold stories
 * differ, with its evidence, as TSV: the pool read by hand for the rejoin's rule and for the
 * reader-corrected labels (data/story-joins/, docs/lab-notes/trends.md).
 * Run: node --import tsx services/pipeline/lab/diagnose/rejoin-pool.ts [set keys: demo,apr-0,...] > pool.tsv
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, knownNames, readCommandLine } from '../command-line';
import { backgroundIdf } from '../../src/detect/idf';
import { DEFAULT_REJOIN_OPTIONS, type StoryView } from '../../src/detect/rejoin-stories';
import { dot, sharedTerms, topTerms } from '../../src/detect/term-vector';
import { dot as denseDot } from '../../src/text/word-vectors';
import { clusteredSet, rejoinPool } from '../evaluate/trends/clustered-set';
import { DEMO_AND_CLUSTER_SET_KEYS, FIGURES_NOW } from '../corpus/cluster-sets';

const wanted = readCommandLine(
  'rejoin-pool.ts [set keys, comma-separated: demo,apr-0,...] > pool.tsv',
  {},
  ({ positionals }) => knownNames(atMost(1, positionals)[0] ?? 'demo,apr-0,apr-10', DEMO_AND_CLUSTER_SET_KEYS),
);
const idf = backgroundIdf();
const POOL = { ...DEFAULT_REJOIN_OPTIONS, rejoinEntities: 0, rejoinMeaning: 0 };

process.stdout.write(
  'set\tgold_a\tgold_b\tarticles_a\tarticles_b\tgap_h\tcosine\tterms\tentities\tmeaning\tcentral_a\tcentral_b\n',
);
for (const key of wanted) {
  const set = clusteredSet(key, idf, FIGURES_NOW);
  const { majority } = set;
  const pool = await rejoinPool(set, idf, POOL);
  const meaning = (v: StoryView): Float32Array => pool.meaning(v) ?? new Float32Array(1);
  for (const [a, b] of pool.pairs) {
    const [ga, gb] = [majority.get(a.id)!, majority.get(b.id)!];
    if (ga === gb) continue;
    let ents = 0;
    for (const e of a.entities) if (b.entities.has(e)) ents++;
    process.stdout.write(
      [
        key,
        ga,
        gb,
        a.article_count,
        b.article_count,
        ((b.first_seen - a.last_seen) / 3_600_000).toFixed(1),
        dot(a.centroid, b.centroid).toFixed(3),
        sharedTerms(topTerms(a.centroid, 10), topTerms(b.centroid, 10)),
        ents,
        denseDot(meaning(a), meaning(b)).toFixed(3),
        a.central.join(' / '),
        b.central.join(' / '),
      ].join('\t') + '\n',
    );
  }
}
