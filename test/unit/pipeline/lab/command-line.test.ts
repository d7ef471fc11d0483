import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import ts from 'typescript';
import { REPO_ROOT } from '@trendscope/core';
import {
  atMost,
  jsonList,
  jsonOptions,
  knownNames,
  numberList,
  oneNumber,
} from '@trendscope/pipeline/lab/command-line';

const LAB = path.join(REPO_ROOT, 'services/pipeline/lab');

/** Every .ts file under the lab, relative to the repository root. */
function labFiles(dir = LAB): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return labFiles(full);
    return e.name.endsWith('.ts') ? [path.relative(REPO_ROOT, full)] : [];
  });
}

/** Whether `node` holds an await outside any function (a top-level await). */
function awaitsAtTop(node: ts.Node): boolean {
  if (ts.isAwaitExpression(node)) return true;
  if (ts.isFunctionLike(node)) return false;
  return ts.forEachChild(node, awaitsAtTop) ?? false;
}

/**
 * A tool, as opposed to a module the tools import: a file that does something when run, i.e. holds
 * a top-level statement other than declarations (a call, a loop, an `if (import.meta.main)`) or a
 * top-level await.
 */
function isTool(file: string): boolean {
  const source = ts.createSourceFile(file, readFileSync(path.join(REPO_ROOT, file), 'utf8'), ts.ScriptTarget.Latest);
  return source.statements.some(
    (s) =>
      ts.isExpressionStatement(s) ||
      ts.isIfStatement(s) ||
      ts.isIterationStatement(s, false) ||
      ts.isTryStatement(s) ||
      ts.isBlock(s) ||
      (ts.isVariableStatement(s) && awaitsAtTop(s)),
  );
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `node --import tsx <tool> ...args`, killed after `timeoutMs` (a tool that ignores its arguments runs
 * for minutes). Three minutes, not one: in one fresh clone's full run a tool printed its usage line
 * and was still killed at 60 s (locally the whole --help pass takes under a minute); a tool that
 * ignores --help still fails the usage check, whatever the limit.
 */
function runTool(tool: string, args: string[], timeoutMs = 180_000): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', tool, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/** `work` over `items`, `width` at a time (the machine's cores, not one process per tool at once). */
async function inBatches<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return out;
}

const TOOLS = labFiles().filter(isTool).sort();

describe('lab tools: command lines (lab/command-line.ts)', function () {
  it('finds the tools among the lab files (files that run something, not modules)', () => {
    for (const tool of [
      'diagnose/cluster-figures.ts',
      'diagnose/month-joins.ts',
      'diagnose/read-joins.ts',
      'diagnose/diagnose-extraction.ts',
      'evaluate/classifier/cross-validate.ts',
      'train/fit-impact-model.ts',
      'corpus/refresh-ratings.ts',
    ])
      expect(TOOLS).to.include(`services/pipeline/lab/${tool}`);
    for (const module of ['command-line.ts', 'corpus/cluster-sets.ts', 'evaluate/trends/demo-trends.ts'])
      expect(TOOLS).not.to.include(`services/pipeline/lab/${module}`);
  });

  it('every tool reads its command line with readCommandLine', () => {
    const without = TOOLS.filter((t) => !readFileSync(path.join(REPO_ROOT, t), 'utf8').includes('readCommandLine('));
    expect(without, 'tools without readCommandLine').to.deep.equal([]);
  });

  it('every tool prints its usage line and exits 0 on --help, before doing anything', async function () {
    this.timeout(600_000);
    const runs = await inBatches(TOOLS, 2, (tool) => runTool(tool, ['--help']));
    const wrong = TOOLS.flatMap((tool, i) => {
      const r = runs[i]!;
      const usage = `usage: ${path.basename(tool)}`;
      return r.status === 0 && r.stdout.startsWith(usage) && r.stderr === ''
        ? []
        : [
            `${tool}: exit ${r.status}, stdout ${JSON.stringify(r.stdout.slice(0, 120))}, stderr ${JSON.stringify(r.stderr.slice(0, 200))}`,
          ];
    });
    expect(wrong).to.deep.equal([]);
  });

  it('a bad argument stops a tool with the reason and its usage line, exit 2', async function () {
    this.timeout(300_000);
    const cases: [string, string[], RegExp][] = [
      [
        'diagnose/cluster-figures.ts',
        ['{mergeThreshold:0}'],
        /^not JSON: \{mergeThreshold:0\}\nusage: cluster-figures\.ts/,
      ],
      ['diagnose/cluster-figures.ts', ['{}', 'apr-O'], /^unknown apr-O: not one of .*apr-0/],
      ['diagnose/month-joins.ts', ['[1]'], /^not a JSON object of options: \[1\]\nusage: month-joins\.ts/],
      ['diagnose/read-joins.ts', ['0.6,x'], /^not a comma-separated list of numbers: 0\.6,x\nusage: read-joins\.ts/],
      ['diagnose/diagnose-extraction.ts', ['extra'], /^takes no arguments: extra\nusage: diagnose-extraction\.ts/],
      ['train/fit-impact-model.ts', ['--out', 'x'], /^Unknown option '--out'.*\nusage: fit-impact-model\.ts/],
    ];
    const runs = await inBatches(cases, 2, ([tool, args]) => runTool(`services/pipeline/lab/${tool}`, args));
    cases.forEach(([tool, args, message], i) => {
      const r = runs[i]!;
      expect(r.status, `${tool} ${args.join(' ')}: ${r.stderr}`).to.equal(2);
      expect(r.stderr).to.match(message);
      expect(r.stdout).to.equal('');
    });
  });
});

describe('lab/command-line.ts argument readers', () => {
  it('numberList reads comma-separated numbers and refuses anything else', () => {
    expect(numberList('0,1,2.5')).to.deep.equal([0, 1, 2.5]);
    for (const bad of ['0,,1', '0,x', '', '1;2'])
      expect(() => numberList(bad), bad).to.throw(/not a comma-separated list of numbers/);
  });

  it('oneNumber reads one number and refuses a list, a word or nothing', () => {
    expect(oneNumber('0.5')).to.equal(0.5);
    for (const bad of ['1,2', 'ten', '', ' ']) expect(() => oneNumber(bad), bad).to.throw(/not a number/);
  });

  it('jsonOptions reads a JSON object and refuses other JSON and what does not parse', () => {
    expect(jsonOptions<{ a: number }>('{"a":1}')).to.deep.equal({ a: 1 });
    expect(() => jsonOptions('{a:1}')).to.throw(/^not JSON/);
    for (const other of ['[1]', '1', 'null', '"x"'])
      expect(() => jsonOptions(other), other).to.throw(/not a JSON object/);
  });

  it('jsonList reads a JSON array and refuses an object', () => {
    expect(jsonList('[{"weight":2}]')).to.deep.equal([{ weight: 2 }]);
    expect(() => jsonList('{"weight":2}')).to.throw(/not a JSON array/);
  });

  it('atMost keeps up to N arguments and names the ones too many', () => {
    expect(atMost(2, ['a', 'b'])).to.deep.equal(['a', 'b']);
    expect(() => atMost(1, ['a', 'b', 'c'])).to.throw('more than 1 arguments: b c');
    expect(() => atMost(0, ['a'])).to.throw('takes no arguments: a');
  });

  it('knownNames keeps names among the known ones and names the others', () => {
    expect(knownNames('apr-0,demo', ['demo', 'apr-0'])).to.deep.equal(['apr-0', 'demo']);
    expect(knownNames([], ['demo'])).to.deep.equal([]);
    expect(() => knownNames('apr-O', ['demo', 'apr-0'])).to.throw('unknown apr-O: not one of demo, apr-0');
  });
});
