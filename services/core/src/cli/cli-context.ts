import { loadConfig, type Config } from '../config/load-config';
import { processEnvironment } from '../config/process-environment';
import { createLogger, type Logger } from '../logging/logger';

/** A CLI failure with a message for the user (no stack trace). */
export class CliError extends Error {
  override name = 'CliError';
}

/**
 * Config and logger for a CLI command, from the same variables `make` reads (`.env`, OS_PORT,
 * REDIS_PORT, API_PORT or the full URLs: processEnvironment). `overrides` are environment variables
 * the command sets (e.g. the replay server on the allow-list). Logs go to stderr at `warn` unless
 * LOG_LEVEL is set, so they do not tear the progress bar.
 */
export function cliContext(overrides: Record<string, string> = {}): { config: Config; logger: Logger } {
  const env = { LOG_LEVEL: 'warn', ...processEnvironment(process.env), ...overrides };
  const config = loadConfig(env);
  return { config, logger: createLogger({ level: config.logLevel, name: 'trendscope-cli' }) };
}
