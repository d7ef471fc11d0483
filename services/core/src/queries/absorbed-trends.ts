/**
 * Matches trends that detection merged into another (`merged_into` set): every list, search, count
 * and source query leaves them out (`must_not`), so a list never shows an absorbed id even while a
 * merge is half done (API.md: the id still answers by id, with the survivor's body).
 */
export const ABSORBED: Readonly<Record<string, unknown>> = { exists: { field: 'merged_into' } };
