/**
 * The lab tools' command lines, read with node:util's parseArgs: `--help` prints the usage line and
 * exits 0 before the tool does anything; a misspelt flag, a flag without its value, an argument too
 * many or one the tool cannot read stops it with the reason and its usage line, exit 2 (a run of
 * minutes is not spent on settings it did not read, and a typo is not a stack trace).
 */
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

type CommandLine<T extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{ options: T; allowPositionals: true; strict: true }>
>;

/**
 * `args`'s flags as `options` declares them and the other arguments in order, turned by `read` into
 * what the tool runs on: an error `read` throws (numberList, jsonOptions, atMost...) is a bad
 * argument, reported as parseArgs' own are.
 */
export function readCommandLine<T extends ParseArgsOptionsConfig, R = CommandLine<T>>(
  usage: string,
  options: T,
  read: (line: CommandLine<T>) => R = (line) => line as R,
  args: string[] = process.argv.slice(2),
): R {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`usage: ${usage}\n`);
    process.exit(0);
  }
  try {
    return read(parseArgs({ args, options, allowPositionals: true, strict: true }));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\nusage: ${usage}\n`);
    process.exit(2);
  }
}

/** `positionals`, refusing more than `most` of them. */
export function atMost(most: number, positionals: string[]): string[] {
  if (positionals.length > most) {
    const extra = positionals.slice(most).join(' ');
    throw new Error(most === 0 ? `takes no arguments: ${extra}` : `more than ${most} arguments: ${extra}`);
  }
  return positionals;
}

/** A comma-separated list of numbers (`--folds 0,1,2`), refusing what is not a number. */
export function numberList(text: string): number[] {
  const numbers = text.split(',').map((t) => (t.trim() === '' ? NaN : Number(t)));
  if (numbers.some((n) => Number.isNaN(n))) throw new Error(`not a comma-separated list of numbers: ${text}`);
  return numbers;
}

/** One number (`60`, `0.5`), refusing what is not one. */
export function oneNumber(text: string): number {
  const n = text.trim() === '' ? NaN : Number(text);
  if (Number.isNaN(n)) throw new Error(`not a number: ${text}`);
  return n;
}

/** Options given as a JSON object (`'{"mergeThreshold":0}'`), refusing other JSON and what does not parse. */
export function jsonOptions<T extends object>(text: string): Partial<T> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`not JSON: ${text}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`not a JSON object of options: ${text}`);
  return value;
}

/** A comma-separated list of names (`apr-0,mar1-0`), or names as given, refusing any not among `known`. */
export function knownNames(text: string | readonly string[], known: readonly string[]): string[] {
  const names = typeof text === 'string' ? text.split(',') : [...text];
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length > 0) throw new Error(`unknown ${unknown.join(', ')}: not one of ${known.join(', ')}`);
  return names;
}

/** The option of a tool that takes set keys and `--list`... */
export const LIST_OPTION = { list: { type: 'boolean', default: false } } as const;

/**
 * ...and what its command line `[set keys, comma-separated] [--list]` gives: the keys named, each
 * among `known`, or all of `known`; and whether it lists what it counts.
 */
export function setsAndList(
  known: readonly string[],
): (line: { values: { list: boolean }; positionals: string[] }) => { wanted: Set<string>; list: boolean } {
  return ({ values, positionals }) => {
    const [keys] = atMost(1, positionals);
    return { wanted: new Set(keys ? knownNames(keys, known) : known), list: values.list };
  };
}

/** A JSON array (`'[{"weight":2}]'`), refusing other JSON and what does not parse. */
export function jsonList(text: string): unknown[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`not JSON: ${text}`);
  }
  if (!Array.isArray(value)) throw new Error(`not a JSON array: ${text}`);
  return value;
}

/** The option of a tool that takes only `--folds` (all five folds by default)... */
export const FOLDS_OPTION = { folds: { type: 'string', default: '0,1,2,3,4' } } as const;

/** ...and what its command line gives: the folds it names, no argument besides. */
export function foldsOnly({ values, positionals }: { values: { folds: string }; positionals: string[] }): number[] {
  atMost(0, positionals);
  return numberList(values.folds);
}
