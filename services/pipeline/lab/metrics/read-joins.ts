import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_REJOIN_OPTIONS,
  joiningTest,
  meanEmbedding,
  type RejoinOptions,
  type StoryView,
} from '../../src/detect/rejoin-stories';
import { embeddingLookup } from '../../src/embed/embed-texts';
import { dot } from '../../src/text/word-vectors';
import { REPO_ROOT } from '../corpus/corpus-path';

/** Pairs of trends read by hand: data/story-joins/read-pairs.tsv (docs/lab-notes/trends.md, "Rejoining one story"). */
export const READ_PAIRS_FILE = path.join(REPO_ROOT, 'services', 'pipeline', 'data', 'story-joins', 'read-pairs.tsv');

/** One read pair: the two trends' central headlines and whether a reader calls them one story. */
export interface ReadPair {
  oneStory: boolean;
  a: string[];
  b: string[];
}

/**
 * Every pair of the pool with no entity gate on the five held-out UCI slices, read by hand
 * (data/story-joins/held-out-pairs.tsv, docs/lab-notes/trends.md, "Labels corrected by reading"),
 * and 12 pairs of a small trend beside a large one that the pool's size or centroid gate keeps out
 * (lab/diagnose/small-trend-pairs.ts; "Small trends' own UCI ids read", 2026-12-07).
 */
export const HELD_OUT_PAIRS_FILE = path.join(
  REPO_ROOT,
  'services',
  'pipeline',
  'data',
  'story-joins',
  'held-out-pairs.tsv',
);

/** The read pairs of a reading file (columns `verdict`, `central_a`, `central_b` found by its header). */
export function loadReadPairs(file = READ_PAIRS_FILE): ReadPair[] {
  const [header, ...lines] = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const cols = header!.split('\t');
  const [v, a, b] = ['verdict', 'central_a', 'central_b'].map((c) => cols.indexOf(c));
  if (v! < 0 || a! < 0 || b! < 0) throw new Error(`${file}: no verdict / central_a / central_b columns`);
  return lines.map((line) => {
    const f = line.split('\t');
    return { oneStory: f[v!] === 'one story', a: f[a!]!.split(' / '), b: f[b!]!.split(' / ') };
  });
}

/** How the rejoin's decision on central headlines agrees with the reading: joins that are one story, and one-story pairs joined. */
export interface ReadAgreement {
  pairs: number;
  oneStory: number;
  joined: number;
  joinedOneStory: number;
  /** Share of joined pairs a reader calls one story. */
  precision: number;
  /** Share of one-story pairs joined. */
  recall: number;
}

/**
 * One side of a read pair as the rejoin's joining test sees it: its central headlines, large enough
 * for the rejoin, founded at `at`. The pair already passed the cheap gates when it was drawn; its
 * centroid is not kept (empty), so the pair is judged by joiningTest, not by rejoinStories, which
 * reads the shared key terms of the centroids.
 */
export function readPairView(id: string, central: string[], at: number, o: RejoinOptions): StoryView {
  return {
    id,
    first_seen: at,
    last_seen: at,
    article_count: o.rejoinMinArticles,
    centroid: new Map(),
    entities: new Set(),
    central,
  };
}

/**
 * The rejoin's decision (its joining test on the sentence encoder's meaning of the central
 * headlines, as judgedPair makes it) on each read pair alone, against the reading. The pairs already
 * passed the cheap evidence (terms, entities, time) when they were drawn, so this measures the
 * central-headline meaning test; a pair with a side the encoder cannot embed stays apart.
 */
export async function readAgreement(
  pairs: readonly ReadPair[] = loadReadPairs(),
  options: Partial<RejoinOptions> = {},
): Promise<ReadAgreement> {
  const o = { ...DEFAULT_REJOIN_OPTIONS, ...options };
  const embed = await embeddingLookup(pairs.flatMap((p) => [...p.a, ...p.b]));
  const view = (id: string, central: string[], at: number): StoryView => readPairView(id, central, at, o);
  let joined = 0;
  let joinedOneStory = 0;
  for (const p of pairs) {
    const ma = meanEmbedding(p.a.map(embed));
    const mb = meanEmbedding(p.b.map(embed));
    if (!ma || !mb || joiningTest(view('a', p.a, 0), view('b', p.b, 1), dot(ma, mb), o) === undefined) continue;
    joined++;
    if (p.oneStory) joinedOneStory++;
  }
  const oneStory = pairs.filter((p) => p.oneStory).length;
  return {
    pairs: pairs.length,
    oneStory,
    joined,
    joinedOneStory,
    precision: joined === 0 ? 1 : joinedOneStory / joined,
    recall: oneStory === 0 ? 1 : joinedOneStory / oneStory,
  };
}
