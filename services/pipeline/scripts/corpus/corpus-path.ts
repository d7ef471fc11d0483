import path from 'node:path';

/** Repository root (this file is services/pipeline/scripts/corpus/). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..', '..');

/** The shared corpora beside the repository (`../shared/corpus`). */
export function corpusPath(...parts: string[]): string {
  return path.resolve(REPO_ROOT, '..', 'shared', 'corpus', ...parts);
}
