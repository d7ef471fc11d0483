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
 * Per-domain politeness within one process: at most `concurrency` requests in flight per host and
 * at least `delayMs` between two starts. Each worker process limits itself; with several worker
 * processes the effective bound is the product (documented in the README).
 */
export class DomainLimiter {
  private readonly domains = new Map<string, DomainState>();

  constructor(
    private readonly limits: DomainLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Runs `task` when the domain has a free slot and its delay has passed. */
  async run<T>(domain: string, task: () => Promise<T>): Promise<T> {
    const state = this.state(domain);
    await this.acquire(state);
    try {
      return await task();
    } finally {
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

  private async acquire(state: DomainState): Promise<void> {
    while (state.active >= this.limits.concurrency) {
      await new Promise<void>((resolve) => state.queue.push(resolve));
    }
    state.active++;
    if (this.limits.delayMs <= 0) return;
    const turn = state.gate.then(async () => {
      // Timers may fire a millisecond early by the wall clock: wait until the slot has really come.
      for (let wait = state.nextStart - this.now(); wait > 0; wait = state.nextStart - this.now()) {
        await new Promise((r) => setTimeout(r, wait));
      }
      // Measured from the actual start: a late timer never shortens the gap to the next one.
      state.nextStart = this.now() + this.limits.delayMs;
    });
    state.gate = turn;
    await turn;
  }
}
