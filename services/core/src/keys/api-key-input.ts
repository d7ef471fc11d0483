/** Longest key name, in characters. */
export const API_KEY_NAME_MAX = 64;
/** Longest grace period a rotated-away secret may keep working, in seconds (7 days). */
export const API_KEY_GRACE_MAX_SECONDS = 7 * 86400;

/** Why `name` cannot name a key, or null when it can. */
export function apiKeyNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'A key needs a name.';
  if (trimmed.length > API_KEY_NAME_MAX) return `A key name has at most ${API_KEY_NAME_MAX} characters.`;
  if (/\p{Cc}/u.test(trimmed)) return 'A key name cannot contain control characters.';
  return null;
}

/** Why `n` cannot be a reserved ceiling, or null when it can. */
export function apiKeyCeilingProblem(n: number): string | null {
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000_000
    ? null
    : 'A ceiling is a whole number from 1 to 1000000000.';
}

/** Why `seconds` cannot be a rotation grace period, or null when it can. */
export function apiKeyGraceProblem(seconds: number): string | null {
  return Number.isInteger(seconds) && seconds >= 0 && seconds <= API_KEY_GRACE_MAX_SECONDS
    ? null
    : `A grace period is a whole number of seconds from 0 to ${API_KEY_GRACE_MAX_SECONDS}.`;
}
