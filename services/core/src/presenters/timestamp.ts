/** ISO 8601 UTC to the second (`2026-11-21T09:30:00Z`), as API.md writes timestamps; null stays null. */
export function isoSeconds(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Like isoSeconds for fields the index always fills (falls back to the raw value, never throws). */
export function isoRequired(value: string): string {
  return isoSeconds(value) ?? value;
}
