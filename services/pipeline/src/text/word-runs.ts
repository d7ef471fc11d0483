/** Words in a row two texts must share to say the same thing twice (five are a phrase a story repeats). */
export const SAME_RUN_WORDS = 6;

/** The words of a text, lower-cased, punctuation aside. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Whether two texts share `n` words in a row (case and punctuation aside). */
export function sharesWordRun(a: string, b: string, n: number = SAME_RUN_WORDS): boolean {
  const wa = words(a);
  const runs = new Set<string>();
  for (let i = 0; i + n <= wa.length; i++) runs.add(wa.slice(i, i + n).join(' '));
  const wb = words(b);
  for (let i = 0; i + n <= wb.length; i++) if (runs.has(wb.slice(i, i + n).join(' '))) return true;
  return false;
}
