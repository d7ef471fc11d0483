/**
 * One API key as stored in the api-keys index (id = the key's stable id). The secret itself is
 * never stored: only its hash, and during a rotation's grace period the previous secret's hash.
 */
export interface ApiKeyDoc {
  id: string;
  name: string;
  /** The owning account's e-mail (lowercase), or null for an operator key without an account. */
  account: string | null;
  prefix: string;
  last4: string;
  secret_hash: string;
  previous_secret_hash: string | null;
  previous_expires_at: string | null;
  /** Reserved ceilings; null: the registered defaults. */
  per_minute: number | null;
  per_day: number | null;
  created_at: string;
  rotated_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** What a process needs to admit a request made with a key. */
export interface VerifiedKey {
  id: string;
  perMinute: number | null;
  perDay: number | null;
  /** Epoch ms after which this secret stops working (a rotated-away secret); null: no expiry. */
  expiresAt: number | null;
}
