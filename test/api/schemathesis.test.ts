import { execFile, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { startApi, type RunningApi } from '../support/api';
import { seedDataset } from '../support/dataset';
import { FACTORY_NOW } from '../support/factories';
import { openTestServices, type TestServices } from '../support/services';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('../../infra/local/schemathesis.sh', import.meta.url));

describe('Schemathesis over the API, from its own OpenAPI document (--checks all)', function () {
  // The first run installs Schemathesis from PyPI into .cache/venv; later runs take seconds.
  this.timeout(600_000);
  let s: TestServices | undefined;
  let api: RunningApi | undefined;

  before(async function () {
    if (spawnSync('python3', ['--version']).status !== 0) {
      console.warn('    Schemathesis skipped: python3 is not installed (it runs from a venv under .cache).');
      this.skip();
    }
    // Wide time-outs: a loaded machine must not turn a valid request into a 503.
    s = await openTestServices({ API_REQUEST_TIMEOUT_MS: '20000', OPENSEARCH_QUERY_TIMEOUT_MS: '15000' });
    await seedDataset(s);
    api = await startApi(s, { deps: { now: () => FACTORY_NOW } });
  });
  after(async () => {
    await api?.close();
    await s?.cleanup();
  });

  it('finds no failure: no 5xx, every status, header and body as documented, valid input accepted, invalid refused', async () => {
    const result = await run('bash', [SCRIPT, api!.url], { maxBuffer: 32 * 1024 * 1024, timeout: 540_000 }).then(
      (r) => ({ code: 0, out: r.stdout + r.stderr }),
      (err: { code?: number; stdout?: string; stderr?: string }) => ({
        code: err.code ?? 1,
        out: `${err.stdout ?? ''}${err.stderr ?? ''}`,
      }),
    );
    expect(result.code, result.out.slice(-12_000)).to.equal(0);
    // Every operation of the document was tested (none left out, none skipped for a schema error),
    // and every generated case passed.
    const doc = (await (await fetch(`${api!.url}/docs/openapi.json`)).json()) as { paths: Record<string, object> };
    const operations = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    const total = /Operations:\s+(\d+) selected \/ (\d+) total/.exec(result.out);
    expect(total?.slice(1).map(Number), result.out.slice(-3000)).to.deep.equal([operations, operations]);
    expect(result.out, result.out.slice(-3000)).to.match(new RegExp(`Tested: ${total?.[1]}\\b`));
    expect(result.out, result.out.slice(-3000)).to.match(/(\d+) generated, \1 passed/);
  });
});
