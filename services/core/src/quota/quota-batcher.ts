import type { ScriptRunner } from '../redis/lua-script';
import { runCountScript } from './quota-store';

/** One request to count: its caller's keys and the window numbers and limits at its time. */
export interface QuotaRequest {
  counterKey: string;
  /** How many requests to admit at once (a lease of a block of the quota); 1 when absent. */
  tokens?: number;
  /** The caller's per-day usage history key, or '' when none is kept. */
  usageKey: string;
  minuteWindow: number;
  dayWindow: number;
  perMinute: number;
  perDay: number;
  dayResetSeconds: number;
  dayLabel: string;
}

/** How one request was counted: admitted or not, and the window counts just after it. */
export interface QuotaCount {
  allowed: boolean;
  /** How many of the request's tokens were admitted (0 or 1 for a single request). */
  granted: number;
  minuteCount: number;
  dayCount: number;
  /** The data generation read in the same call; absent when the request was not sent to Redis. */
  dataGeneration?: string | null;
}

interface Pending {
  request: QuotaRequest;
  resolve: (count: QuotaCount) => void;
  reject: (err: Error) => void;
}

/** Most requests in one script call: a longer script would hold Redis (single-threaded) for everyone. */
export const MAX_BATCH = 256;

/**
 * Counts every quota request that arrives in one turn of the event loop with ONE Redis script
 * call (quota-store.ts), so the Redis round trip (command encoding, socket write, reply parsing)
 * is paid once per batch instead of once per request. Collects the requests of one event-loop turn
 * for one Redis and key prefix; flushes on setImmediate.
 */
export class QuotaBatcher {
  private pending: Pending[] = [];

  constructor(
    private readonly redis: ScriptRunner,
    private readonly generationKey: string,
  ) {}

  /** Counts `request` in the current batch; rejects when the batch's Redis call fails. */
  count(request: QuotaRequest): Promise<QuotaCount> {
    return new Promise((resolve, reject) => {
      if (this.pending.length === 0) setImmediate(() => void this.flush());
      this.pending.push({ request, resolve, reject });
      // A full batch goes at once; the flush already scheduled takes whatever follows.
      if (this.pending.length >= MAX_BATCH) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    // Requests with the same caller, windows and limits form one entry, kept in arrival order.
    const entries = new Map<string, Pending[]>();
    for (const p of batch) {
      const r = p.request;
      const id = [r.counterKey, r.usageKey, r.minuteWindow, r.dayWindow, r.perMinute, r.perDay, r.dayLabel].join('\n');
      const group = entries.get(id);
      if (group) group.push(p);
      else entries.set(id, [p]);
    }
    const keys = [this.generationKey];
    // A map, not keys.indexOf: a batch of many callers would otherwise cost its square.
    const positions = new Map<string, number>();
    const keyIndex = (key: string): number => {
      if (key === '') return 0;
      let at = positions.get(key);
      if (at === undefined) positions.set(key, (at = keys.push(key)));
      return at;
    };
    const args: (string | number)[] = [];
    for (const group of entries.values()) {
      const r = (group[0] as Pending).request;
      const n = group.reduce((total, p) => total + (p.request.tokens ?? 1), 0);
      args.push(keyIndex(r.counterKey), keyIndex(r.usageKey), n, r.minuteWindow, r.dayWindow);
      args.push(r.perMinute, r.perDay, r.dayResetSeconds, r.dayLabel);
    }
    let out: (string | number)[];
    try {
      out = await runCountScript(this.redis, keys, args);
    } catch (err) {
      for (const p of batch) p.reject(err as Error);
      return;
    }
    const generation = out[0] === '' ? null : String(out[0]);
    let at = 1;
    for (const group of entries.values()) {
      const [k, mc, dc] = [Number(out[at]), Number(out[at + 1]), Number(out[at + 2])];
      at += 3;
      // The requests of an entry are admitted in arrival order, as if they ran one by one.
      let before = 0;
      for (const p of group) {
        const tokens = p.request.tokens ?? 1;
        const granted = Math.max(0, Math.min(tokens, k - before));
        const counted = Math.min(before + tokens, k);
        before += tokens;
        p.resolve({
          allowed: granted > 0,
          granted,
          minuteCount: mc + counted,
          dayCount: dc + counted,
          dataGeneration: generation,
        });
      }
    }
  }
}
