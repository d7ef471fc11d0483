/**
 * The logical indices of the system; each is an alias over a versioned physical index. `bodies`
 * holds article bodies apart from their articles, so they can be kept for a shorter period.
 */
export const INDEX_KINDS = ['articles', 'bodies', 'trends', 'domains', 'accounts', 'api_keys', 'runs'] as const;

/** One of the logical indices. */
export type IndexKind = (typeof INDEX_KINDS)[number];

/** Alias names for one index prefix: `trendscope-articles`, ... */
export type IndexNames = Readonly<Record<IndexKind, string>>;

/** The aliases the services read and write, for a given prefix. */
export function indexNames(prefix: string): IndexNames {
  return Object.freeze(
    Object.fromEntries(INDEX_KINDS.map((kind) => [kind, `${prefix}-${kind.replace('_', '-')}`])) as Record<
      IndexKind,
      string
    >,
  );
}
