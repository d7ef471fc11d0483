import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Oldest Node major the project runs on: its HTTP client (undici) fails to load on the Node 20 the machines ship. */
export const MIN_NODE_MAJOR = 22;

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const ENSURE_NODE = `${REPO_ROOT}infra/local/ensure-node.sh`;

/** Whether a Node version (default: the running one) is new enough for the project. */
export function isProjectNodeVersion(version: string = process.versions.node): boolean {
  return Number(version.replace(/^v/, '').split('.')[0]) >= MIN_NODE_MAJOR;
}

/** The project's Node binary, installed by the same script as `make` when missing; undefined when it cannot be had. */
function findProjectNode(): string | undefined {
  if (!existsSync(ENSURE_NODE)) return undefined;
  // stdout carries only the directory; the script's install progress goes to our stderr.
  const found = spawnSync('bash', [ENSURE_NODE], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const dir = found.status === 0 ? found.stdout.trim().split('\n').at(-1) : undefined;
  const node = dir ? `${dir}/node` : undefined;
  return node !== undefined && existsSync(node) ? node : undefined;
}

/**
 * Re-runs this process's entry point (same arguments, same Node options) under the project's Node
 * when the running one is too old, and answers whether it did; without a usable Node it prints one
 * line saying what to run and exits.
 */
export function rerunUnderProjectNode(command: string): boolean {
  if (isProjectNodeVersion()) return false;
  const node = findProjectNode();
  if (node === undefined) {
    console.error(
      `${command}: needs Node >= ${MIN_NODE_MAJOR} (this shell runs ${process.version}): run \`make install\` in ${REPO_ROOT}, or put ${REPO_ROOT}.cache/node/bin first on PATH`,
    );
    process.exit(1);
  }
  // Blocks until it ends, so the tool loads nothing more meanwhile.
  const ran = spawnSync(node, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(ran.status ?? 1);
}
