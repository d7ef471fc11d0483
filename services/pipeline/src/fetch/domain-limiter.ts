import type { StartReserver } from './start-reserver';

/** Politeness limits applied per domain (host). */
export interface DomainLimits {
  /** Requests in flight per domain. */
  concurrency: number;
  /** Minimum time between two request starts to one domain. */
  delayMs: number;
}

interface DomainState {
  active: number;
  nextStart: number;
  queue: Array<() => void>;
  /** Starts pass through this chain one at a time, so the delay holds between actual starts. */
  gate: Promise<void>;
}

/**
 * Per-domain politeness: at most `concurrency` requests in flight per host (within this process)
 * and at least `delayMs` between two starts. With a `reserveStart` (redisStartReserver) the delay
 * holds across every process that shares the Redis; without, within this process only.
 */
export class DomainLimiter {
  private readonly domains = new Map<string, DomainState>();

  constructor(
    private readonly limits: DomainLimits,
    private readonly now: () => number = Date.now,
    private readonly reserveStart?: StartReserver,
  ) {}

  /** Runs `task` when the domain has a free slot and its delay has passed. */
  async run<T>(domain: string, task: () => Promise<T>): Promise<T> {
    const state = this.state(domain);
    await this.takeSlot(state);
    try {
      await this.awaitStart(domain, state);
      return await task();
    } finally {
      // One release path, whether the task ran, failed, or the shared start could not be had.
      state.active--;
      state.queue.shift()?.();
      if (state.active === 0 && state.queue.length === 0 && state.nextStart <= this.now()) {
        this.domains.delete(domain);
      }
    }
  }

  private state(domain: string): DomainState {
    let s = this.domains.get(domain);
    if (!s) {
      s = { active: 0, nextStart: 0, queue: [], gate: Promise.resolve() };
      this.domains.set(domain, s);
    }
    return s;
  }

  private async takeSlot(state: DomainState): Promise<void> {
    while (state.active >= this.limits.concurrency) {
      await new Promise<void>((resolve) => state.queue.push(resolve));
    }
    state.active++;
  }

  /** Waits for this start's turn: starts pass the domain's gate one at a time, each after its delay. */
  private async awaitStart(domain: string, state: DomainState): Promise<void> {
    if (this.limits.delayMs <= 0) return;
    const reserve = this.reserveStart;
    const turn = state.gate.then(
      reserve
        ? // The slot is reserved in Redis, shared with every other process.
          async () => {
            const wait = await reserve(domain);
            if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          }
        : async () => {
            // Timers may fire a millisecond early by the wall clock: wait until the slot has really come.
            for (let wait = state.nextStart - this.now(); wait > 0; wait = state.nextStart - this.now()) {
              await new Promise((r) => setTimeout(r, wait));
            }
            // Measured from the actual start: a late timer never shortens the gap to the next one.
            state.nextStart = this.now() + this.limits.delayMs;
          },
    );
    // A failed reservation fails this start only, not the ones queued behind it.
    state.gate = turn.catch(() => undefined);
    await turn;
  }
}
