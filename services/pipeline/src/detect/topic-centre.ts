import { displayText } from './display-text';

/**
 * Members of a trend whose headlines are embedded to find its centre of meaning (spread over its
 * life). 128 reads every member of all but the largest trends, so the centre does not depend on
 * which members a sample took: at 32 a 90-member trend of two near-equal stories (an HIV hospital
 * warning, an HIV gel) read a different 32 each run, as ties in time order broke differently, and
 * its topic flipped between them. The extra headlines are embedded once per article and stored
 * (detect-embeddings.ts), so later runs pay only the arithmetic.
 */
export const TOPIC_SAMPLE = 128;
/**
 * Sharpness of the weights that pull the centre towards the dominant story: a member whose headline
 * is 0.1 closer to the centre weighs e^1 more. Two re-weighted passes after the plain mean.
 */
const CENTRE_SHARPNESS = 10;
const CENTRE_PASSES = 2;

/**
 * Which members (indices into the time-ordered list) a trend's centre of meaning is read from: all
 * of them up to TOPIC_SAMPLE, else TOPIC_SAMPLE spread evenly over time, so that every story a
 * large trend holds is represented as often as it was reported (not only the term-central one).
 */
export function topicSample(count: number): number[] {
  if (count <= TOPIC_SAMPLE) return Array.from({ length: count }, (_, i) => i);
  return Array.from({ length: TOPIC_SAMPLE }, (_, i) => Math.floor(((i + 0.5) * count) / TOPIC_SAMPLE));
}

/** The headline text embedded for a member (the same string detectEmbeddings embeds). */
export function sampleText(title: string): string {
  return displayText(title);
}

/** How the centre of meaning is found (the defaults are served; the lab compares others: topic-centres.ts). */
export interface CentreOptions {
  /** Weights of the sampled headlines' unit embeddings in the first centre; all 1 (the plain mean) by default. */
  start?: (vectors: readonly Float32Array[]) => number[];
  sharpness?: number;
  passes?: number;
}

/**
 * The sampled members ordered by closeness to the trend's sentence-embedding centre of headlines,
 * most central first: the mean of the unit embeddings, then re-weighted twice with weights
 * exp(CENTRE_SHARPNESS x cosine) so that the centre moves into the dominant story rather than
 * sitting between two (a trend mostly about an HIV-prevention gel whose term centroid picked a
 * headline of another HIV story). Undefined when any sampled headline has no embedding (no
 * encoder): the caller keeps the term-centroid order.
 */
export function meaningOrder(
  titles: readonly string[],
  embedText: (text: string) => Float32Array | undefined,
  o: CentreOptions = {},
): number[] | undefined {
  const sharpness = o.sharpness ?? CENTRE_SHARPNESS;
  const passes = o.passes ?? CENTRE_PASSES;
  const sample = topicSample(titles.length).filter((i) => sampleText(titles[i]!) !== '');
  if (sample.length < 2) return undefined;
  const vectors: Float32Array[] = [];
  for (const i of sample) {
    const v = embedText(sampleText(titles[i]!));
    if (v === undefined) return undefined;
    vectors.push(v);
  }
  const dim = vectors[0]!.length;
  const cosines = (centre: Float64Array): number[] =>
    vectors.map((v) => {
      let s = 0;
      for (let k = 0; k < dim; k++) s += v[k]! * centre[k]!;
      return s;
    });
  const centreOf = (weights: readonly number[]): Float64Array => {
    const c = new Float64Array(dim);
    vectors.forEach((v, j) => {
      for (let k = 0; k < dim; k++) c[k] = c[k]! + weights[j]! * v[k]!;
    });
    const norm = Math.hypot(...c) || 1;
    for (let k = 0; k < dim; k++) c[k] = c[k]! / norm;
    return c;
  };
  let centre = centreOf(o.start ? o.start(vectors) : vectors.map(() => 1));
  for (let pass = 0; pass < passes; pass++) {
    const cos = cosines(centre);
    const top = Math.max(...cos);
    centre = centreOf(cos.map((c) => Math.exp(sharpness * (c - top))));
  }
  const cos = cosines(centre);
  return sample
    .map((i, j) => ({ i, c: cos[j]! }))
    .sort((a, b) => b.c - a.c || a.i - b.i)
    .map((x) => x.i);
}
