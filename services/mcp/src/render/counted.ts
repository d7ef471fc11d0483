/** `n` and its noun, singular for one ("1 trend", "3 trends"): the text a model reads says what it means. */
export function counted(n: number, noun: string): string {
  return `${n} ${n === 1 ? noun : `${noun}s`}`;
}

/** The verb of a counted subject ("1 trend matches", "3 trends match"). */
export function agreeing(n: number, verb: string): string {
  return n === 1 ? `${verb}${verb.endsWith('h') ? 'es' : 's'}` : verb;
}
