import { runDetect, type DetectDeps, type DetectSummary } from '../detect/run-detect';
import { acquireLock } from './redis-lock';

/** What a detection attempt returns when another run (in any process) holds the lock. */
export interface DetectSkipped {
  skipped: true;
  reason: 'detection already running';
  lock_key: string;
  /** The holder's token (host:pid:random), null if the lock freed in between. */
  holder: string | null;
  /** Milliseconds before the holder's lock expires unless it renews it. */
  holder_ttl_ms: number;
}

/**
 * A run's lock expired and was not renewed in time (its process stalled longer than the TTL, as a
 * starved CPU can make it): another run may hold it now, so this one must not write.
 */
export class DetectLockLostError extends Error {
  override name = 'DetectLockLostError';
}

/** The Redis key of the deployment-wide detection lock. */
export function detectLockKey(keyPrefix: string): string {
  return `${keyPrefix}:detect:lock`;
}

/**
 * Runs detection only if no other run holds the deployment's detection lock: every caller (the
 * BullMQ detect stage, `trendscope detect`) goes through here, so two schedulers, a manual run
 * beside the scheduled one, or a job retried while its first attempt still runs never cluster the
 * same articles twice at once. The lock is renewed every third of its TTL while the run lasts and
 * released at the end; a holder that dies leaves it to expire after `ttlMs`. A second attempt
 * does not wait: it logs and returns a DetectSkipped (the next scheduled run picks up the work).
 * A run renews the lock once more before it writes (taking it again if it expired and nobody took
 * it) and fails with DetectLockLostError when another run holds it: a timer cannot renew it while clustering holds the event loop, and two runs
 * writing the same articles is what single flight is for.
 */
export async function runDetectSingleFlight(
  deps: DetectDeps,
  opts: Parameters<typeof runDetect>[1],
  lock: { ttlMs: number; run?: typeof runDetect },
): Promise<DetectSummary | DetectSkipped> {
  const key = detectLockKey(deps.keyPrefix);
  const held = await acquireLock(deps.redis, key, lock.ttlMs);
  if (!held) {
    const [holder, ttl] = await Promise.all([deps.redis.get(key), deps.redis.pttl(key)]);
    const skipped: DetectSkipped = {
      skipped: true,
      reason: 'detection already running',
      lock_key: key,
      holder,
      holder_ttl_ms: Math.max(0, ttl),
    };
    deps.logger.info(skipped, 'detection skipped: another run holds the lock');
    return skipped;
  }
  let lost = false;
  const renewal = setInterval(
    () => {
      if (lost) return;
      held.renew().then(
        (ok) => {
          if (ok || lost) return;
          lost = true;
          // Only if this process stalled longer than the TTL: another run may now start alongside.
          deps.logger.error({ lock_key: key, ttl_ms: lock.ttlMs }, 'detection lock lost during the run');
        },
        (err: Error) => deps.logger.warn({ lock_key: key, err: err.message }, 'could not renew the detection lock'),
      );
    },
    Math.max(100, Math.floor(lock.ttlMs / 3)),
  );
  renewal.unref();
  const assertLockHeld = async (): Promise<void> => {
    if (!lost && (await held.renew())) return;
    // Expired but taken by no one: no other run started, so taking it again (same token) is safe.
    if (await acquireLock(deps.redis, key, lock.ttlMs, held.token)) {
      lost = false;
      return;
    }
    lost = true;
    throw new DetectLockLostError(
      `the detection lock ${key} expired during the run (no renewal within ${lock.ttlMs} ms) and another run holds it: nothing written`,
    );
  };
  try {
    return await (lock.run ?? runDetect)({ ...deps, assertLockHeld }, opts);
  } finally {
    clearInterval(renewal);
    // A failed release (Redis down) is harmless: the lock expires after its TTL.
    await held
      .release()
      .catch((err: Error) =>
        deps.logger.warn({ lock_key: key, err: err.message }, 'could not release the detection lock'),
      );
  }
}
