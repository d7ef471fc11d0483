import type { DeadLetter } from '../queues/dead-letter';

/** Fetch errors that never reached a publisher: no DNS answer, no route, refused, timed out. */
const UNREACHABLE =
  /cannot resolve the host|time-out fetching|cannot fetch \S+: (?:ECONNREFUSED|ENETUNREACH|EHOSTUNREACH|EAI_AGAIN|ECONNRESET|ETIMEDOUT)/;

/** Whether a dead letter is a fetch that could not reach its host at all. */
export function isUnreachableHost(letter: Pick<DeadLetter, 'error'>): boolean {
  return UNREACHABLE.test(letter.error);
}

/**
 * The lines `trendscope status` prints for the newest dead letters: each with its reason, then,
 * when every one of them is a host that could not be reached, what that most likely means on a
 * first run (no internet) and what gives data now: `make demo`, unless `replayed` articles (from
 * the local corpora, which is what `make demo` does) are already stored, as inside a demo.
 */
export function deadLetterLines(letters: readonly DeadLetter[], replayed = 0): string[] {
  const lines = letters.map((d) => `  ${d.failed_at} ${d.queue} ${d.url ?? d.job_id}: ${d.error}`);
  if (letters.length > 0 && letters.every(isUnreachableHost)) {
    lines.push(
      '  reason: none of these hosts could be reached (no DNS answer or no route): this machine is likely offline;',
      replayed > 0
        ? `  the ${replayed} articles replayed from the local corpora are served meanwhile: only the live feeds need the internet`
        : '  `make demo` fills the service from the local corpora instead (docs/operations.md, "Environment, ports and first runs")',
    );
  }
  return lines;
}
