/**
 * A text matched literally inside a RegExp (its pattern characters escaped): one copy for the
 * packages that build patterns from data (the API's route paths, the pipeline's names and prefixes).
 */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
