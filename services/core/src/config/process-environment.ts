import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { REPO_ROOT } from '../../bin/project-node.mjs';

type Env = Record<string, string | undefined>;

/** The repository's `.env`, read by every entry point and by the scripts behind `make`. */
export const DOT_ENV_FILE = `${REPO_ROOT}.env`;

/**
 * The variables of a `.env` file (KEY=VALUE lines, `#` comments), or none when there is no file.
 * A line the parser cannot read is skipped, as the shell scripts skip it.
 */
export function readDotEnv(file: string = DOT_ENV_FILE): Record<string, string> {
  if (!existsSync(file)) return {};
  return parseEnv(readFileSync(file, 'utf8')) as Record<string, string>;
}

/**
 * The environment an entry point runs with: `.env` under the variables already set (the shell
 * wins), then the full URLs derived from the port variables `make` reads (OS_PORT, REDIS_PORT,
 * API_PORT), unless OPENSEARCH_URL / REDIS_URL / API_PUBLIC_URL are given. Tests (NODE_ENV=test)
 * never read `.env`, so a developer's file cannot change what they check.
 */
export function processEnvironment(env: Env = process.env, dotEnvFile: string = DOT_ENV_FILE): Env {
  const fromFile = env.NODE_ENV === 'test' ? {} : readDotEnv(dotEnvFile);
  const merged: Env = { ...fromFile, ...definedOnly(env) };
  const port = (name: string): string | undefined => {
    const value = merged[name]?.trim();
    return value !== undefined && /^\d{1,5}$/.test(value) ? value : undefined;
  };
  const osPort = port('OS_PORT');
  const redisPort = port('REDIS_PORT');
  const apiPort = port('API_PORT');
  if (merged.OPENSEARCH_URL === undefined && osPort) merged.OPENSEARCH_URL = `http://127.0.0.1:${osPort}`;
  if (merged.REDIS_URL === undefined && redisPort) merged.REDIS_URL = `redis://127.0.0.1:${redisPort}`;
  if (merged.API_PUBLIC_URL === undefined && apiPort) merged.API_PUBLIC_URL = `http://127.0.0.1:${apiPort}`;
  return merged;
}

function definedOnly(env: Env): Env {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined));
}

/** A URL fit for a message: any user name and password replaced by `***`. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/[^/@\s]*@/g, '//***@');
}
