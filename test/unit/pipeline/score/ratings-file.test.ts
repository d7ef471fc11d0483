import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { loadDomainRatings, parseDomainRatings } from '@trendscope/pipeline/score/domain-ratings';
import { checkRatingsCsv, compareRatings } from '@trendscope/pipeline/lab/corpus/ratings-file';
import { REPO_ROOT } from '@trendscope/core';

const SCRIPT = 'services/pipeline/lab/corpus/refresh-ratings.ts';

describe('a ratings file checked for a refresh', () => {
  it('keeps every well-formed row and reports the line of each bad one', () => {
    const found = checkRatingsCsv(
      'domain,pc1\nreuters.com,1\ncnn.com,0.66\nbad.example,1.5\nnoval.example,\nReuters.org,0.5\ncnn.com,0.7\na.com,0.1,x\n',
    );
    expect([...found.ratings]).to.deep.equal([
      ['reuters.com', 1],
      ['cnn.com', 0.66],
    ]);
    expect(found.problems).to.deep.equal([
      { line: 4, message: 'pc1 "1.5" is not a number from 0 to 1' },
      { line: 5, message: 'pc1 "" is not a number from 0 to 1' },
      { line: 6, message: '"Reuters.org" is not a lower-case domain' },
      { line: 7, message: '"cnn.com" is rated twice' },
      { line: 8, message: '3 fields, expected 2' },
    ]);
  });

  it('refuses a file without the header or without ratings, and lists rows no domain can match apart', () => {
    expect(checkRatingsCsv('site,score\nreuters.com,1\n').problems[0]!.message).to.match(/expected "domain,pc1"/);
    expect(checkRatingsCsv('domain,pc1\n').problems).to.deep.equal([{ line: 1, message: 'no ratings in the file' }]);
    const found = checkRatingsCsv('domain,pc1\nrfi.fr/en,0.8\nwww.x.com,0.3\nco.uk,0.2\nbbc.co.uk,0.72\n');
    expect(found.problems).to.deep.equal([]);
    expect(found.ratings.size).to.equal(4);
    expect(found.unmatched.map((u) => u.line)).to.deep.equal([2, 3, 4]);
  });

  it('reads the published rating file with no problem', () => {
    const text = readFileSync(path.join(REPO_ROOT, '../shared/corpus/domain-quality-ratings/domain_pc1.csv'), 'utf8');
    const found = checkRatingsCsv(text);
    expect(found.problems).to.deep.equal([]);
    expect(found.ratings.size).to.equal(parseDomainRatings(text).size);
  });

  it('compares new ratings with those in use domain by domain', () => {
    const before = parseDomainRatings('domain,pc1\na.com,0.5\nb.com,0.6\nc.com,0.7\n');
    const after = parseDomainRatings('domain,pc1\na.com,0.5\nb.com,0.8\nd.com,0.1\n');
    const change = compareRatings(before, after);
    expect(change).to.include({ before: 3, after: 3, added: 1, removed: 1, changed: 1 });
    expect(change.meanAbsChange).to.be.closeTo(0.1, 1e-9);
    expect(compareRatings(new Map(), after)).to.include({ added: 3, removed: 0, meanAbsChange: 0 });
  });
});

describe('the ratings the pipeline reads', () => {
  it('are read again when the file is replaced (a refresh while the pipeline runs), else kept', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'ratings-')), 'domain_pc1.csv');
    expect(loadDomainRatings(file).size).to.equal(0);
    writeFileSync(file, 'domain,pc1\na.com,0.5\n');
    const first = loadDomainRatings(file);
    expect([...first]).to.deep.equal([['a.com', 0.5]]);
    expect(loadDomainRatings(file)).to.equal(first);
    writeFileSync(file, 'domain,pc1\na.com,0.25\nb.com,0.75\n');
    expect([...loadDomainRatings(file)]).to.deep.equal([
      ['a.com', 0.25],
      ['b.com', 0.75],
    ]);
  });
});

describe('refresh-ratings (the script)', function () {
  this.timeout(60_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'ratings-'));
  const inUse = path.join(dir, 'in-use.csv');
  writeFileSync(inUse, 'domain,pc1\na.com,0.5\nb.com,0.6\nc.com,0.7\n');
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', SCRIPT, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, PIPELINE_DOMAIN_RATINGS_FILE: inUse },
      encoding: 'utf8',
    });

  it('writes a checked file with its provenance record and says how the pipeline reads it', () => {
    const from = path.join(dir, 'new.csv');
    writeFileSync(from, 'domain,pc1\na.com,0.5\nb.com,0.9\nc.com,0.7\nd.com,0.2\n');
    const to = path.join(dir, 'out', 'domain_pc1.csv');
    const r = run('--from', from, '--to', to);
    expect(r.status, r.stderr).to.equal(0);
    expect(readFileSync(to, 'utf8')).to.equal(readFileSync(from, 'utf8'));
    const provenance = JSON.parse(readFileSync(path.join(dir, 'out', 'domain_pc1.provenance.json'), 'utf8'));
    expect(provenance).to.include({ source: from, domains: 4 });
    expect(provenance.sha256).to.match(/^[0-9a-f]{64}$/);
    expect(provenance.citation).to.match(/Lin et al\. 2023/);
    expect(provenance.change).to.include({ before: 3, after: 4, added: 1, removed: 0, changed: 1 });
    expect(r.stdout).to.include(`PIPELINE_DOMAIN_RATINGS_FILE=${to}`);
  });

  it('writes nothing and exits 2 for a bad row, a truncated file (unless --force) or a missing source', () => {
    const bad = path.join(dir, 'bad.csv');
    writeFileSync(bad, 'domain,pc1\na.com,2\n');
    const to = path.join(dir, 'never', 'domain_pc1.csv');
    const badRun = run('--from', bad, '--to', to);
    expect(badRun.status).to.equal(2);
    expect(badRun.stderr).to.match(/line 2: pc1 "2" is not a number from 0 to 1/);
    expect(badRun.stderr).to.match(/1 problem in .*; nothing written/);

    const short = path.join(dir, 'short.csv');
    writeFileSync(short, 'domain,pc1\na.com,0.5\n');
    const shortRun = run('--from', short, '--to', to);
    expect(shortRun.status).to.equal(2);
    expect(shortRun.stderr).to.match(/keeps 1 of the 3 rated domains .*--force/);
    expect(existsSync(to)).to.equal(false);
    expect(run('--from', short, '--to', to, '--force').status).to.equal(0);
    expect(existsSync(to)).to.equal(true);

    const missing = run('--from', path.join(dir, 'nope.csv'));
    expect(missing.status).to.equal(2);
    expect(missing.stderr).to.match(/^refresh-ratings: cannot read .*nope\.csv/);
    const noSource = run();
    expect(noSource.status).to.equal(2);
    expect(noSource.stderr).to.match(/^--from <path or URL> is required\nusage: refresh-ratings\.ts --from/);
  });

  it('fetches the file from an http(s) URL, and exits 2 when the server answers an error', async () => {
    const server = createServer((req, res) => {
      if (req.url === '/domain_pc1.csv') res.end('domain,pc1\na.com,0.5\nb.com,0.6\nc.com,0.7\n');
      else res.writeHead(404).end();
    }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const runAsync = async (from: string, to: string) => {
      const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, '--from', from, '--to', to], {
        cwd: REPO_ROOT,
        env: { ...process.env, PIPELINE_DOMAIN_RATINGS_FILE: inUse },
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const [code] = (await once(child, 'exit')) as [number];
      return { code, stderr };
    };
    try {
      const to = path.join(dir, 'fetched', 'domain_pc1.csv');
      expect((await runAsync(`${base}/domain_pc1.csv`, to)).code).to.equal(0);
      expect(readFileSync(to, 'utf8')).to.equal('domain,pc1\na.com,0.5\nb.com,0.6\nc.com,0.7\n');
      const missing = await runAsync(`${base}/gone.csv`, to);
      expect(missing.code).to.equal(2);
      expect(missing.stderr).to.match(/cannot fetch .*gone\.csv: HTTP 404/);
    } finally {
      server.close();
    }
  });
});
