/**
 * The lab tools' command lines, read with node:util's parseArgs: a misspelt flag or a flag without
 * its value stops the tool with its usage line (a run of minutes is not spent on settings it did not
 * read), and `--help` prints that line.
 */
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

type CommandLine<T extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{ options: T; allowPositionals: true; strict: true }>
>;

/** `args`'s flags as `options` declares them, and the other arguments in order. */
export function readCommandLine<T extends ParseArgsOptionsConfig>(
  usage: string,
  options: T,
  args: string[] = process.argv.slice(2),
): CommandLine<T> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`usage: ${usage}\n`);
    process.exit(0);
  }
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\nusage: ${usage}\n`);
    process.exit(2);
  }
}

/** A comma-separated list of numbers (`--folds 0,1,2`), refusing what is not a number. */
export function numberList(text: string): number[] {
  const numbers = text.split(',').map(Number);
  if (numbers.some((n) => Number.isNaN(n))) throw new Error(`not a comma-separated list of numbers: ${text}`);
  return numbers;
}
