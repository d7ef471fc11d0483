import { createHash } from 'node:crypto';
import type { OpenSearchClient } from '@trendscope/core';

/** One console account as stored in the accounts index. */
export interface AccountDoc {
  id: string;
  email: string;
  password_hash: string;
  created_at: string;
}

/** The account id of an e-mail address: derived from it, so two sign-ups cannot both win. */
export function accountIdFor(email: string): string {
  return `acct_${createHash('sha256').update(email).digest('hex').slice(0, 24)}`;
}

/** Reads and writes the accounts index. */
export class AccountRepository {
  constructor(
    private readonly client: OpenSearchClient,
    private readonly index: string,
  ) {}

  /** Stores a new account; false when the address is already registered. */
  async insert(doc: AccountDoc): Promise<boolean> {
    try {
      await this.client.index({ index: this.index, id: doc.id, body: doc, op_type: 'create', require_alias: true });
      return true;
    } catch (err) {
      if ((err as { meta?: { statusCode?: number } }).meta?.statusCode === 409) return false;
      throw err;
    }
  }

  /** The account of this (normalised) e-mail address, or null. */
  async findByEmail(email: string): Promise<AccountDoc | null> {
    try {
      const res = await this.client.get({ index: this.index, id: accountIdFor(email) });
      return (res.body as { _source?: AccountDoc })._source ?? null;
    } catch (err) {
      if ((err as { meta?: { statusCode?: number } }).meta?.statusCode === 404) return null;
      throw err;
    }
  }

  /** Deletes an account. */
  async delete(id: string): Promise<void> {
    await this.client.delete({ index: this.index, id });
  }
}
