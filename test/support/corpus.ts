import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (two levels above this file). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A folder of the shared corpus (`../shared/corpus` beside the repository). */
export function corpusDir(name: string): string {
  return resolve(REPO_ROOT, '..', 'shared', 'corpus', name);
}
