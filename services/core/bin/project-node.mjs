// Finds the project's Node binary and re-runs a command under it. Plain JavaScript with Node
// built-ins only, because the CLI launcher uses it before anything is installed; core's TypeScript
// (runtime/project-node.ts) imports the same functions so there is one place that knows how the
// project's Node is found and how a command moves onto it.
import { spawn, spawnSync } from 'node:child_process';
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

/** Whether a Node version (default: the running one) is new enough for the project. */
export function isProjectNodeVersion(version = process.versions.node) {
  return Number(version.replace(/^v/, '').split('.')[0]) >= MIN_NODE_MAJOR;
}

/**
 * Re-runs this process's entry point (same arguments, same Node options) under the project's Node
 * when the running one is too old, and answers whether it did; without a usable Node it prints one
 * line saying what to run and exits 1. The caller's process then only relays: its exit code (or
 * signal) becomes the command's. `block` waits synchronously, so a tool importing this first
 * loads nothing more meanwhile; otherwise the child runs beside an idle event loop that forwards
 * SIGINT, SIGTERM and SIGHUP to it (a stdio client that stops the command stops the re-run too).
 */
export function rerunUnderProjectNode(command, { block = false } = {}) {
  if (isProjectNodeVersion()) return false;
  const node = projectNode();
  if (node === undefined) {
    console.error(
      `${command}: needs Node >= ${MIN_NODE_MAJOR} (this shell runs ${process.version}): run \`make install\` in ${REPO_ROOT}, or put ${REPO_ROOT}.cache/node/bin first on PATH`,
    );
    process.exit(1);
  }
  const args = [...process.execArgv, ...process.argv.slice(1)];
  if (block) process.exit(spawnSync(node, args, { stdio: 'inherit' }).status ?? 1);
  const child = spawn(node, args, { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => (signal ? process.kill(process.pid, signal) : process.exit(code ?? 1)));
  return true;
}
