import { TREND_ID_PATTERN } from '../model/bounds';
import { DOMAIN_PATTERN } from './domain-name';

/**
 * What each published pattern accepts, in words: the `msg` of a 422 and the /docs page say this,
 * while the pattern itself stays in the issue's `ctx` and in the OpenAPI document. A pattern not
 * listed keeps pydantic's wording.
 */
const WORDS = new Map<string, string>([
  [TREND_ID_PATTERN.source, 'a trend id: tr_ and 8 to 32 characters a-z or 2-7, such as tr_k3v7x2mq4d'],
  [DOMAIN_PATTERN, 'a hostname such as reuters.com (1 to 253 characters; letters, digits, hyphens, dots)'],
]);

/** The words for a pattern, or undefined when it has none. */
export function patternWords(pattern: string): string | undefined {
  return WORDS.get(pattern);
}

/** The `msg` of a pattern mismatch: the words when the pattern has some, pydantic's text otherwise. */
export function patternMismatchMessage(pattern: string): string {
  const words = patternWords(pattern);
  return words ? `Input should be ${words}` : `String should match pattern '${pattern}'`;
}
