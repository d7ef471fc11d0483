// Finds the project's Node binary. Plain JavaScript with Node built-ins only, because the CLI
// launcher uses it before anything is installed; core's TypeScript (runtime/project-node.ts)
// imports the same functions so there is one place that knows how the project's Node is found.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Oldest Node major the project runs on: its HTTP client (undici) fails to load on the Node 20 the machines ship. */
export const MIN_NODE_MAJOR = 22;

/** The repository's root directory, with a trailing slash. */
export const REPO_ROOT = fileURLToPath(new globalThis.URL('../../../', import.meta.url));

/**
 * The project's Node binary, installed by the same script as `make` (infra/local/ensure-node.sh)
 * when missing; undefined when it cannot be had. The script's install progress goes to our stderr.
 */
export function projectNode() {
  const ensureNode = `${REPO_ROOT}infra/local/ensure-node.sh`;
  if (!existsSync(ensureNode)) return undefined;
  const found = spawnSync('bash', [ensureNode], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const dir = found.status === 0 ? found.stdout.trim().split('\n').at(-1) : undefined;
  return dir && existsSync(`${dir}/node`) ? `${dir}/node` : undefined;
}
