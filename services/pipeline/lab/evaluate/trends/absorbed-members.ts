import type { DetectArticle } from '../../../src/detect/cluster';
import { DEFAULT_REJOIN_OPTIONS, meanEmbedding, storyViews } from '../../../src/detect/rejoin-stories';
import { articleVector, dot } from '../../../src/detect/term-vector';
import { embeddingLookup } from '../../../src/embed/embed-texts';
import { normaliseText } from '../../../src/text/normalise-text';
import { dot as denseDot } from '../../../src/text/word-vectors';

/** A member-level absorb, measured in the lab only (docs/lab-notes/trends.md, "Small trends beside their story's trend", 2026-12-07). */
export interface AbsorbOptions {
  /** Least cosine of a small trend's member headline to a large trend's central headlines (0: off). */
  absorbMeaning: number;
  /** Most members of a trend whose members may move. */
  absorbSmall?: number;
  /** Least members of a trend that may take them. */
  absorbLarge?: number;
  /** How much closer the member must read to the large trend than to the rest of its own trend. */
  absorbMargin?: number;
  /** Least cosine of the member's term vector to the large trend's term centroid. */
  absorbCosine?: number;
}

/**
 * Article -> trend after moving single members of small trends (absorbSmall members or fewer) into
 * the large trend (absorbLarge or more) whose central headlines they read as (sentence-embedding
 * cosine >= absorbMeaning, and absorbMargin above the member's cosine to the rest of its own trend's
 * headlines, none when all are copies of its own),
 * reported within the rejoin's window of it. A small trend of a few reports is often half one
 * story and half another: joining it whole would carry the other half along. PRINT_ABSORB=1
 * prints each move with both sides' headlines (and `label`'s story of the member and of the large
 * trend's majority, when given) to stderr, to be read.
 */
export async function absorbedMembers(
  articles: readonly DetectArticle[],
  assignments: ReadonlyMap<string, string>,
  idf: (term: string) => number,
  options: AbsorbOptions,
  label?: (articleId: string) => string | undefined,
): Promise<Map<string, string>> {
  const { absorbMeaning, absorbSmall = 9, absorbLarge = 10, absorbMargin = 0, absorbCosine = 0 } = options;
  const out = new Map(assignments);
  if (absorbMeaning <= 0) return out;
  const byId = new Map(articles.map((a) => [a.id, a]));
  const groups = new Map<string, DetectArticle[]>();
  for (const [a, t] of assignments) {
    const article = byId.get(a);
    if (article) groups.set(t, [...(groups.get(t) ?? []), article]);
  }
  const large = storyViews(
    new Map([...groups].filter(([, list]) => list.length >= absorbLarge)),
    idf,
    DEFAULT_REJOIN_OPTIONS,
  );
  const small = [...groups].filter(([, list]) => list.length >= 2 && list.length <= absorbSmall);
  const lookup = await embeddingLookup([
    ...large.flatMap((v) => v.central),
    ...small.flatMap(([, list]) => list.map((a) => normaliseText(a.title))),
  ]);
  const meaning = new Map(large.map((v) => [v.id, meanEmbedding(v.central.map(lookup))]));
  const window = DEFAULT_REJOIN_OPTIONS.rejoinHours * 3_600_000;
  const majority = (id: string): string | undefined => {
    if (!label) return undefined;
    const counts = new Map<string, number>();
    for (const a of groups.get(id)!) {
      const g = label(a.id) ?? '';
      counts.set(g, (counts.get(g) ?? 0) + 1);
    }
    return [...counts].sort((x, y) => y[1] - x[1])[0]?.[0];
  };
  for (const [, list] of small) {
    for (const m of list) {
      const e = lookup(normaliseText(m.title));
      if (!e) continue;
      // The rest of its own trend in other words: copies of one headline read as their own trend alike.
      const title = normaliseText(m.title);
      const rest = meanEmbedding(
        list.filter((x) => normaliseText(x.title) !== title).map((x) => lookup(normaliseText(x.title))),
      );
      const own = rest ? denseDot(e, rest) : 0;
      const vector = articleVector(m.title, m.text, idf);
      let best: { id: string; cos: number; terms: number; central: string[] } | undefined;
      for (const v of large) {
        if (m.time < v.first_seen - window || m.time > v.last_seen + window) continue;
        const mv = meaning.get(v.id);
        if (!mv) continue;
        const cos = denseDot(e, mv);
        if (best && cos <= best.cos) continue;
        best = { id: v.id, cos, terms: dot(vector, v.centroid), central: v.central };
      }
      if (!best || best.cos < absorbMeaning || best.cos - own < absorbMargin || best.terms < absorbCosine) continue;
      out.set(m.id, best.id);
      if (process.env.PRINT_ABSORB)
        process.stderr.write(
          `absorb ${best.cos.toFixed(3)} own ${own.toFixed(3)} terms ${best.terms.toFixed(3)} ${list.length}->${groups.get(best.id)!.length} ` +
            `${label ? `${label(m.id) === majority(best.id) ? 'SAME' : 'OTHER'} ` : ''}${m.title}  ||  ${best.central.join(' / ')}\n`,
        );
    }
  }
  return out;
}
