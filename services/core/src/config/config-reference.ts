import { CONFIG_SCHEMA } from './config.schema';

/** One environment variable as CONFIG_VARIABLES declares it, for the docs and `.env.example`. */
export interface ConfigVariable {
  name: string;
  /** joi's type: string, number or boolean. */
  type: string;
  /** The default as the environment would spell it ('' for an empty one). */
  default: string;
  description: string;
}

interface Described {
  keys: Record<string, { type: string; flags?: { default?: string | number | boolean; description?: string } }>;
}

/** Every variable of the schema, in declaration order. */
export function configReference(): ConfigVariable[] {
  const { keys } = CONFIG_SCHEMA.describe() as Described;
  return Object.entries(keys).map(([name, d]) => ({
    name,
    type: d.type,
    default: String(d.flags?.default ?? ''),
    description: d.flags?.description ?? '',
  }));
}

/** The cells of one row of the table in docs/operations.md (`|` escaped as Markdown needs). */
export function configTableCells(v: ConfigVariable): string[] {
  const cell = (text: string): string => text.replaceAll('|', '\\|');
  return [`\`${v.name}\``, v.type, v.default === '' ? '(empty)' : `\`${cell(v.default)}\``, cell(v.description)];
}

/** The Markdown table of every variable (unaligned: Prettier aligns it in the docs). */
export function configTable(): string {
  const row = (cells: string[]): string => `| ${cells.join(' | ')} |`;
  return [
    row(['variable', 'type', 'default', 'meaning']),
    row(['---', '---', '---', '---']),
    ...configReference().map((v) => row(configTableCells(v))),
  ].join('\n');
}
