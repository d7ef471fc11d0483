// `make config-docs`: writes the configuration table of docs/operations.md (between its
// config-table markers) from the variables core declares (CONFIG_VARIABLES); Prettier aligns it
// after. test/unit/core/config/config-reference.test.ts fails when the two disagree.
import { readFileSync, writeFileSync } from 'node:fs';
import { configTable } from '@trendscope/core';

const DOC = new URL('../../docs/operations.md', import.meta.url);
const START = '<!-- config-table:start';
const END = '<!-- config-table:end -->';

const text = readFileSync(DOC, 'utf8');
const from = text.indexOf(START);
const to = text.indexOf(END);
if (from < 0 || to < from) throw new Error(`docs/operations.md has no ${START} ... ${END} markers`);
const head = text.slice(0, text.indexOf('\n', from) + 1);
writeFileSync(DOC, `${head}\n${configTable()}\n\n${text.slice(to)}`);
