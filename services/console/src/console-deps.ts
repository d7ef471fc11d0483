import type { ApiKeyServiceDeps, Config, Logger, QuotaLimits } from '@trendscope/core';
import type { AccountRepository } from './accounts/account.repository';
import type { SignInThrottle } from './security/sign-in-throttle';
import type { SessionStore } from './sessions/session-store';

/** What the console's routes share, built once by createConsoleRouter. */
export interface ConsoleContext {
  config: Config;
  logger: Logger;
  accounts: AccountRepository;
  keys: ApiKeyServiceDeps;
  sessions: SessionStore;
  throttle: SignInThrottle;
  cookies: { session: string; csrf: string };
  secure: boolean;
  /** Quotas of a key without reserved ceilings. */
  registered: QuotaLimits;
}
