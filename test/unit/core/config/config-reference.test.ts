import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { configReference, configTableCells } from '@trendscope/core';

const read = (path: string): string => readFileSync(new URL(`../../../../${path}`, import.meta.url), 'utf8');

/** The rows of the table between the config-table markers of docs/operations.md, as trimmed cells. */
function documentedRows(doc: string): string[][] {
  const from = doc.indexOf('<!-- config-table:start');
  const to = doc.indexOf('<!-- config-table:end -->');
  expect(from, 'config-table markers in docs/operations.md').to.be.above(-1);
  return doc
    .slice(from, to)
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2) // header and separator
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
}

describe('the configuration declared once (CONFIG_VARIABLES)', () => {
  const variables = configReference();

  it('declares a type, a description and a default for every variable', () => {
    expect(variables.length).to.be.greaterThan(50);
    for (const v of variables) {
      expect(['string', 'number', 'boolean'], v.name).to.include(v.type);
      expect(v.description, `${v.name} has no description`).to.not.equal('');
    }
  });

  it('is the table of docs/operations.md, row for row (make config-docs writes it)', () => {
    const expected = variables.map(configTableCells);
    expect(documentedRows(read('docs/operations.md'))).to.deep.equal(expected);
  });

  it('is what .env.example shows: every variable with its default value', () => {
    const example = read('.env.example');
    const shown = new Map([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=(.*)$/gm)].map((m) => [m[1], m[2]]));
    for (const v of variables) {
      expect(shown.has(v.name), `${v.name} missing from .env.example`).to.be.true;
      expect(shown.get(v.name), `${v.name} in .env.example is not its default`).to.equal(v.default);
    }
  });
});
