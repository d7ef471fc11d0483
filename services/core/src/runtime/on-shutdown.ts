import type { Logger } from '../logging/logger';

/** How a process shuts down. */
export interface ShutdownOptions {
  logger: Logger;
  /** The log line written when shutting down starts. */
  message: string;
  /** Closes what the process opened, in order (e.g. workers before Redis); then the process exits 0. */
  close: () => Promise<void>;
  /** Exit anyway after this long, with `forceExitCode`, if closing hangs. */
  forceAfterMs: number;
  forceExitCode?: number;
  /** Signals that start the shutdown. */
  signals?: readonly NodeJS.Signals[];
  /** Ends the process (tests pass their own). */
  exit?: (code: number) => void;
}

/**
 * Shuts the process down once, on SIGTERM or SIGINT or when the returned trigger is called (e.g.
 * a stdio client closing stdin): logs, closes, exits 0 (1 if closing failed).
 */
export function onShutdown(options: ShutdownOptions): (reason: string) => void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let started = false;
  const shutdown = (reason: string): void => {
    if (started) return;
    started = true;
    options.logger.info({ reason }, options.message);
    setTimeout(() => exit(options.forceExitCode ?? 0), options.forceAfterMs).unref();
    options.close().then(
      () => exit(0),
      (err: unknown) => {
        options.logger.error({ err: (err as Error).message }, 'shutdown failed');
        exit(1);
      },
    );
  };
  for (const signal of options.signals ?? (['SIGTERM', 'SIGINT'] as const))
    process.once(signal, () => shutdown(signal));
  return shutdown;
}
