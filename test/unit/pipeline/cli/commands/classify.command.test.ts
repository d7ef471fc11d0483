import { PassThrough, Readable } from 'node:stream';
import { expect } from 'chai';
import { runClassifyCommand } from '@trendscope/pipeline/cli/commands/classify.command';

async function run(input: string): Promise<{ code: number; lines: Record<string, unknown>[] }> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const code = await runClassifyCommand(Readable.from([input]), out);
  const text = Buffer.concat(chunks).toString('utf8');
  return {
    code,
    lines: text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

describe('trendscope classify (runClassifyCommand)', () => {
  it('writes one category and confidence per JSON line and exits 0', async () => {
    const r = await run(
      '{"text": "Striker scores twice in the cup final"}\n\n{"text": "Shares fall after earnings"}\n',
    );
    expect(r.code).to.equal(0);
    expect(r.lines).to.have.length(2);
    expect(r.lines[0]).to.have.property('category', 'sports');
    expect(r.lines[1]).to.have.keys(['category', 'confidence']);
  });

  it('answers a bad line with an error, goes on, and exits 1 at the end', async () => {
    const r = await run('not json\n{"text": 5}\n["x"]\n{"text": "Shares fall after earnings"}\n');
    expect(r.code).to.equal(1);
    expect(r.lines).to.have.length(4);
    expect(r.lines.slice(0, 3).every((l) => typeof l.error === 'string')).to.be.true;
    expect(r.lines[3]).to.have.property('category', 'business');
  });
});
