import { spawnSync } from 'node:child_process';
import { MIN_NODE_MAJOR, projectNode, REPO_ROOT } from '../../bin/project-node.mjs';

export { MIN_NODE_MAJOR };

/** Whether a Node version (default: the running one) is new enough for the project. */
export function isProjectNodeVersion(version: string = process.versions.node): boolean {
  return Number(version.replace(/^v/, '').split('.')[0]) >= MIN_NODE_MAJOR;
}

/**
 * Re-runs this process's entry point (same arguments, same Node options) under the project's Node
 * when the running one is too old, and answers whether it did; without a usable Node it prints one
 * line saying what to run and exits.
 */
export function rerunUnderProjectNode(command: string): boolean {
  if (isProjectNodeVersion()) return false;
  const node = projectNode();
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
