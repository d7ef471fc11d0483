import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { IndexKind } from './index-names';

/** Settings and mappings of one index, as stored in infra/opensearch/<kind>.json. */
export interface IndexDefinition {
  settings: Record<string, unknown>;
  mappings: Record<string, unknown>;
}

const DEFINITIONS_DIR = fileURLToPath(new URL('../../../../infra/opensearch/', import.meta.url));

/** Reads the JSON definition of one index from infra/opensearch/. */
export function loadIndexDefinition(kind: IndexKind, dir: string = DEFINITIONS_DIR): IndexDefinition {
  const raw = JSON.parse(readFileSync(`${dir}${kind}.json`, 'utf8')) as IndexDefinition;
  return { settings: raw.settings ?? {}, mappings: raw.mappings ?? {} };
}

/** A stable hash of a definition: a change of settings or mappings means a new index version. */
export function definitionHash(def: IndexDefinition): string {
  return createHash('sha256').update(stableStringify(def)).digest('hex').slice(0, 16);
}

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
