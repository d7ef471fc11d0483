const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** An e-mail address as accounts and keys store it: trimmed and lowercase. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Why `email` is not a usable address, or null when it is (no mail is sent: the shape only). */
export function emailProblem(email: string): string | null {
  const e = normaliseEmail(email);
  if (e.length === 0) return 'Enter an e-mail address.';
  if (e.length > 254 || !EMAIL_PATTERN.test(e)) return 'Enter an e-mail address like name@example.com.';
  return null;
}
