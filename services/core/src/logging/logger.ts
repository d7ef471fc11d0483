import { pino, type Logger } from 'pino';

export type { Logger };

/** Creates the structured JSON logger every service uses (one line per event, to stdout). */
export function createLogger(opts: { level: string; name: string }): Logger {
  return pino({
    name: opts.name,
    level: opts.level,
    base: { service: opts.name },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.authorization', 'req.headers["x-api-key"]'], censor: '[redacted]' },
  });
}
