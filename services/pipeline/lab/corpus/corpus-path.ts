import path from 'node:path';
import { REPO_ROOT } from '../../src/repo-root';

export { REPO_ROOT };

/** The shared corpora beside the repository (`../shared/corpus`; see each folder's PROVENANCE.md). */
export const CORPUS_DIR = path.resolve(REPO_ROOT, '..', 'shared', 'corpus');

/** Absolute path of a file or folder of the shared corpora. */
export function corpusPath(...parts: string[]): string {
  return path.resolve(CORPUS_DIR, ...parts);
}

/** A folder of the shared corpora by name (`../shared/corpus/<name>`). */
export function corpusDir(name: string): string {
  return corpusPath(name);
}
