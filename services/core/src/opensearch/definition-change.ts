import type { IndexDefinition } from './index-definitions';

/**
 * How a stored index differs from its definition: `in-place` when every difference can be applied
 * to the live index (new fields, dynamic settings), so no document needs copying; `reindex` names
 * the first difference that cannot (a changed or removed field, a static setting, the analysis).
 */
export type DefinitionChange =
  | { kind: 'in-place'; addedFields: string[]; settings: Record<string, string | string[]> }
  | { kind: 'reindex'; reason: string };

/** Index settings OpenSearch applies to a live index; any other setting needs a new index. */
const DYNAMIC_SETTINGS: ReadonlySet<string> = new Set([
  'index.number_of_replicas',
  'index.auto_expand_replicas',
  'index.refresh_interval',
  'index.unassigned.node_left.delayed_timeout',
  'index.max_result_window',
]);

/**
 * Settings that shape how documents are indexed or searched: one the live index has and the
 * definition no longer names needs a new index. Any other live-only setting is OpenSearch's own
 * (uuid, creation date, replicas set by auto-expand) or an operator's (blocks, allocation) and is
 * left alone.
 */
const SHAPING_SETTINGS = /^index\.(analysis\.|similarity\.|sort\.|mapping\.|codec$)/;

/**
 * Compares a live index (its mappings from get-mapping, its settings from get-settings with
 * `flat_settings`) with a definition. Values are compared as OpenSearch echoes them (numbers and
 * booleans come back as strings), so an unchanged field compares equal. Where in doubt the answer
 * is `reindex`, the copy every change took before: slower, never wrong.
 */
export function compareWithDefinition(
  live: { mappings: Record<string, unknown>; settings: Record<string, unknown> },
  def: IndexDefinition,
): DefinitionChange {
  const { properties: liveProps = {}, _meta: _liveMeta, ...liveTop } = live.mappings;
  const { properties: defProps = {}, _meta: _defMeta, ...defTop } = def.mappings;
  for (const key of new Set([...Object.keys(liveTop), ...Object.keys(defTop)])) {
    if (!same(liveTop[key], defTop[key])) return { kind: 'reindex', reason: `mapping setting ${key} changed` };
  }
  const added: string[] = [];
  const fieldChange = compareProperties(
    liveProps as Record<string, unknown>,
    defProps as Record<string, unknown>,
    '',
    added,
  );
  if (fieldChange) return { kind: 'reindex', reason: fieldChange };
  // Only a strict mapping guarantees no stored document already holds an added field unindexed.
  if (added.length > 0 && String(liveTop.dynamic) !== 'strict') {
    return { kind: 'reindex', reason: `fields added to a mapping that is not strict: ${added.join(', ')}` };
  }

  const wanted = flattenSettings(def.settings);
  const settings: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(wanted)) {
    if (same(live.settings[key], value)) continue;
    if (!DYNAMIC_SETTINGS.has(key)) return { kind: 'reindex', reason: `setting ${key} changed` };
    settings[key] = value;
  }
  for (const key of Object.keys(live.settings)) {
    if (!(key in wanted) && SHAPING_SETTINGS.test(key)) return { kind: 'reindex', reason: `setting ${key} removed` };
  }
  return { kind: 'in-place', addedFields: added, settings };
}

/** Null when `def` only adds fields to `live` (collected in `added` by dotted path), else what differs. */
function compareProperties(
  live: Record<string, unknown>,
  def: Record<string, unknown>,
  prefix: string,
  added: string[],
): string | null {
  for (const name of Object.keys(live)) {
    if (!(name in def)) return `field ${prefix}${name} removed`;
  }
  for (const [name, field] of Object.entries(def)) {
    const path = `${prefix}${name}`;
    if (!(name in live)) {
      added.push(path);
      continue;
    }
    const liveField = live[name] as Record<string, unknown>;
    const defField = field as Record<string, unknown>;
    const { properties: liveSub, ...liveRest } = liveField ?? {};
    const { properties: defSub, ...defRest } = defField ?? {};
    if (!same(liveRest, defRest)) return `field ${path} changed`;
    if (liveSub || defSub) {
      if (!liveSub || !defSub) return `field ${path} changed`;
      const inner = compareProperties(
        liveSub as Record<string, unknown>,
        defSub as Record<string, unknown>,
        `${path}.`,
        added,
      );
      if (inner) return inner;
    }
  }
  return null;
}

/** A definition's settings as get-settings' `flat_settings` spells them: `index.`-prefixed dotted keys, string values. */
export function flattenSettings(settings: Record<string, unknown>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const walk = (value: unknown, path: string): void => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
      return;
    }
    const key = path.startsWith('index.') ? path : `index.${path}`;
    out[key] = Array.isArray(value) ? value.map(String) : String(value);
  };
  walk(settings, '');
  return out;
}

/** Deep equality with scalars compared as strings and object keys in any order. */
function same(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return (
      ka.length === kb.length &&
      ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
    );
  }
  return scalar(a) !== null && scalar(a) === scalar(b);
}

/** A scalar as OpenSearch echoes it (a string); null for anything else. */
function scalar(v: unknown): string | null {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : null;
}
