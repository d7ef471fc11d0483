/** Shortest accepted password (NIST SP 800-63B asks at least 8; the issue asks 12). */
export const PASSWORD_MIN = 12;
/** Longest accepted password, so hashing stays bounded. */
export const PASSWORD_MAX = 256;

/** Why `password` cannot be used, or null when it can. */
export function passwordProblem(password: string, confirmation: string): string | null {
  if ([...password].length < PASSWORD_MIN) return `Choose a password of at least ${PASSWORD_MIN} characters.`;
  if ([...password].length > PASSWORD_MAX) return `A password has at most ${PASSWORD_MAX} characters.`;
  if (password !== confirmation) return 'The two passwords do not match.';
  return null;
}
