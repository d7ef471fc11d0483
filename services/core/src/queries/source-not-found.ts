import { NotFoundError } from '../errors/app-error';
import { sourceDomain } from '../validation/domain-name';

/**
 * The 404 of a domain nothing is stored under. Sources are named by their registrable domain
 * (citations say `cnn.com` for an article of edition.cnn.com), so for a subdomain the detail
 * names the domain to ask for instead of leaving the caller to guess.
 */
export function sourceNotFound(domain: string): NotFoundError {
  const source = sourceDomain(domain);
  if (source === domain) return new NotFoundError('Source not found');
  return new NotFoundError(`Source not found: sources are named by their registrable domain; ask for ${source}`);
}
