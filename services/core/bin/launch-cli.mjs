// Starts a TypeScript entry point of the project from a plain shell, before anything is known to be
// installed: so it uses Node built-ins only (no tsx, no workspace package yet). Under a Node older
// than the project's it re-runs itself under the project's Node 24 (infra/local/ensure-node.sh, as
// `make` does); when the dependencies are missing or older than package-lock.json it runs `make
// install` (output on stderr, so a stdio MCP server's stdout stays clean); then it loads tsx and
// the entry point. Imported by relative path from the bin scripts for that reason.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { REPO_ROOT as ROOT, rerunUnderProjectNode } from './project-node.mjs';

/** Prints one line saying what went wrong and what to run, and exits 1. */
function fail(command, message) {
  console.error(`${command}: ${message}`);
  process.exit(1);
}

/** Whether `make install` has run since the last change to the package files (the Makefile's rule). */
function installIsCurrent() {
  const marker = `${ROOT}node_modules/.installed`;
  if (!existsSync(marker)) return false;
  const installed = statSync(marker).mtimeMs;
  const services = readdirSync(`${ROOT}services`).map((name) => `services/${name}/package.json`);
  return ['package-lock.json', 'package.json', ...services]
    .map((file) => `${ROOT}${file}`)
    .every((file) => !existsSync(file) || statSync(file).mtimeMs <= installed);
}

/**
 * Runs `entry` (a TypeScript file URL) as `command`: under the project's Node, with the project's
 * dependencies installed. Resolves once the entry point is loaded, or never when it re-ran.
 */
export async function launchCli(command, entry) {
  if (rerunUnderProjectNode(command)) return;
  if (!installIsCurrent()) {
    console.error(`${command}: installing the project's dependencies first (make install)`);
    const made = spawnSync('make', ['-s', '-C', ROOT, 'install'], { stdio: ['ignore', 2, 2] });
    if (made.status !== 0) fail(command, `\`make install\` in ${ROOT} failed (see above); run it there and try again`);
  }
  const { register } = await import('tsx/esm/api');
  register();
  await import(entry.href);
}
