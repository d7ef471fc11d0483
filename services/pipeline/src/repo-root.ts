import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (relative paths in the config, such as the source list, start here). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
