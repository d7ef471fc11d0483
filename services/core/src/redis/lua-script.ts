import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** The Redis calls a script needs (an ioredis client). */
export type ScriptRunner = Pick<Redis, 'evalsha' | 'eval'>;

/** A Lua script sent by its SHA1 (a few bytes per call), and in full only when Redis has lost it. */
export class LuaScript {
  private readonly sha: string;

  constructor(private readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  /** Runs the script atomically on `keys` with `args`. */
  async run(redis: ScriptRunner, keys: string[], args: (string | number)[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (err) {
      if (!String((err as Error).message).includes('NOSCRIPT')) throw err;
      return redis.eval(this.source, keys.length, ...keys, ...args);
    }
  }
}
