import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * Creates the structured JSON logger every service uses (one line per event, to stdout by
 * default; to stderr where stdout is a protocol channel, as for the MCP stdio server).
 */
export function createLogger(opts: { level: string; name: string; destination?: 'stdout' | 'stderr' }): Logger {
  return pino(
    {
      name: opts.name,
      level: opts.level,
      base: { service: opts.name },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ['req.headers.authorization', 'req.headers["x-api-key"]'], censor: '[redacted]' },
    },
    pino.destination(opts.destination === 'stderr' ? 2 : 1),
  );
}
