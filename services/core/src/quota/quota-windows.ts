/**
 * The two quota windows, the one source of their sizes: fixed, aligned to the epoch (the day
 * window is the UTC day). Counting, the RateLimit-Policy header and the usage readers use them.
 */
export const QUOTA_WINDOWS = [
  { name: 'minute', seconds: 60 },
  { name: 'day', seconds: 86_400 },
] as const;

/** Name of one quota window. */
export type QuotaWindowName = (typeof QUOTA_WINDOWS)[number]['name'];

/** The minute window and the day window. */
export const [MINUTE, DAY] = QUOTA_WINDOWS;

/** Which window `nowMs` falls in (its number since the epoch) and the whole seconds until it ends (1..w). */
export function windowAt(nowMs: number, seconds: number): { id: number; resetSeconds: number } {
  const id = Math.floor(nowMs / (seconds * 1000));
  return { id, resetSeconds: secondsToWindowEnd(nowMs, id, seconds) };
}

/** Whole seconds from `nowMs` until window `id` of `seconds` ends (1..w), with no object built. */
export function secondsToWindowEnd(nowMs: number, id: number, seconds: number): number {
  return Math.max(1, Math.ceil(((id + 1) * seconds * 1000 - nowMs) / 1000));
}
