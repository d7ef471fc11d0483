/** The fixed category taxonomy of API.md, each mapped to its IPTC Media Topic. */
export const CATEGORIES = [
  'technology',
  'business',
  'politics',
  'world',
  'health',
  'sports',
  'entertainment',
  'other',
] as const;

/** One category of the taxonomy. */
export type Category = (typeof CATEGORIES)[number];

/** IPTC Media Topic of each category (null for `other`), as served by /v1/categories. */
export const IPTC_MEDIA_TOPICS: Readonly<Record<Category, string | null>> = Object.freeze({
  technology: 'medtop:13000000',
  business: 'medtop:04000000',
  politics: 'medtop:11000000',
  world: 'medtop:16000000',
  health: 'medtop:07000000',
  sports: 'medtop:15000000',
  entertainment: 'medtop:01000000',
  other: null,
});

/** Velocity classes, in the order API.md lists them. */
export const VELOCITIES = ['emerging', 'accelerating', 'peak', 'declining'] as const;

/** One velocity class. */
export type Velocity = (typeof VELOCITIES)[number];

/** How an article's body was obtained. */
export const FETCH_METHODS = ['page', 'feed', 'sitemap'] as const;

/** One fetch method. */
export type FetchMethod = (typeof FETCH_METHODS)[number];
