import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { expect } from 'chai';
import { runExtractCommand } from '@trendscope/pipeline/cli/commands/extract.command';

const ARTICLE = `<html><head><title>Harbour reopens</title><meta name="author" content="Ana Lima">
  <meta property="article:published_time" content="2026-11-21T07:00:00Z"></head><body><article>
  <p>The harbour reopened on Friday after three weeks of repairs to the main quay, the port authority said in a statement.</p>
  <p>Fishing boats returned at dawn, and the first ferry left on time at nine, carrying about two hundred passengers.</p>
  <p>Questions can be sent to press@harbour.example or by phone on +351 21 123 4567, the authority added.</p>
  </article></body></html>`;

async function run(files: string[]): Promise<{ code: number; lines: Array<Record<string, unknown>> }> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const code = await runExtractCommand(files, out);
  const text = Buffer.concat(chunks).toString('utf8');
  return {
    code,
    lines: text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

describe('runExtractCommand (trendscope extract)', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'extract-cmd-'));
    writeFileSync(path.join(dir, 'a.html'), ARTICLE);
    writeFileSync(path.join(dir, 'b.html.gz'), gzipSync(ARTICLE.replace('Harbour reopens', 'Harbour reopens again')));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('writes one JSON line per file with the sanitised body, and exits 0', async () => {
    const { code, lines } = await run([path.join(dir, 'a.html'), path.join(dir, 'b.html.gz')]);
    expect(code).to.equal(0);
    expect(lines).to.have.length(2);
    expect(Object.keys(lines[0] ?? {})).to.deep.equal([
      'file',
      'title',
      'author',
      'published_date',
      'publisher',
      'body',
      'retained',
    ]);
    expect(lines[0]?.retained).to.equal(true);
    expect(lines[0]).to.deep.include({
      file: path.join(dir, 'a.html'),
      title: 'Harbour reopens',
      author: 'Ana Lima',
      published_date: '2026-11-21T07:00:00Z',
    });
    expect(lines[0]?.body).to.include('Questions can be sent to [email] or by phone on [phone]');
    expect(lines[1]?.title).to.equal('Harbour reopens again');
  });

  it('shows a body under the retention threshold with retained: false and the reason in words', async () => {
    // The unclosed <svg> of an injection: both paragraphs are extracted, but 8 words are too few to store.
    const file = path.join(dir, 'svg.html');
    writeFileSync(
      file,
      '<article><p>First paragraph, long enough to keep.</p><svg/onload=alert(2)><p>Second paragraph ...</p></article>\n',
    );
    const { code, lines } = await run([file]);
    expect(code).to.equal(0);
    expect(lines[0]).to.deep.include({
      body: 'First paragraph, long enough to keep.\n\nSecond paragraph ...',
      retained: false,
      reason: 'too_short',
    });
    expect(lines[0]?.note).to.equal(
      '8 words, below the 50-word retention threshold: the pipeline stores no body for this page',
    );
  });

  it('reports an unreadable file as a JSON line with an error and exits 1 after the others', async () => {
    const missing = path.join(dir, 'missing.html');
    const { code, lines } = await run([missing, path.join(dir, 'a.html')]);
    expect(code).to.equal(1);
    expect(lines[0]).to.deep.equal({ file: missing, error: 'file not found' });
    expect(lines[1]?.title).to.equal('Harbour reopens');
  });

  it('reports a directory and broken gzip data as errors', async () => {
    writeFileSync(path.join(dir, 'broken.html.gz'), Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x01]));
    const { code, lines } = await run([dir, path.join(dir, 'broken.html.gz')]);
    expect(code).to.equal(1);
    expect(lines.map((l) => l.error)).to.deep.equal(['is a directory', 'broken gzip data']);
  });
});
