import { readGeneration, type Redis } from '@trendscope/core';

/** How long the generation read may take before the answers waiting for it are built uncached. */
const GENERATION_READ_TIMEOUT_MS = 250;

/**
 * Reads the data generation once per event-loop turn for every request of that turn. Each request
 * waits for a read sent after it arrived (so a write finished before it is seen), but one GET
 * serves them all: a GET per request cost about a tenth of the CPU of a cached answer.
 */
export class GenerationReader {
  private waiting: ((generation: string | null) => void)[] = [];

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {}

  /** The current generation, or null when Redis does not answer quickly or knows none. */
  read(): Promise<string | null> {
    return new Promise((resolve) => {
      if (this.waiting.length === 0) setImmediate(() => void this.flush());
      this.waiting.push(resolve);
    });
  }

  private async flush(): Promise<void> {
    const waiting = this.waiting;
    this.waiting = [];
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      // Timers run before I/O in a loop turn: after a stall (GC, a starved CPU) a reply that came in
      // time would lose to the timer, so the timeout gives I/O one more poll before it answers.
      timer = setTimeout(() => setImmediate(() => resolve(null)), GENERATION_READ_TIMEOUT_MS);
    });
    try {
      const generation = await Promise.race([readGeneration(this.redis, this.keyPrefix).catch(() => null), late]);
      for (const resolve of waiting) resolve(generation);
    } finally {
      clearTimeout(timer);
    }
  }
}
