import { spawnSync } from 'node:child_process';
import { expect } from 'chai';
import { REPO_ROOT } from '@trendscope/core';

describe('a service started with a bad environment', () => {
  for (const entry of ['services/api/src/main.ts', 'services/pipeline/src/worker.main.ts']) {
    it(`${entry} exits 78 listing every bad variable`, function () {
      // Loading a service's modules through tsx takes seconds, tens of them on a loaded machine.
      this.timeout(90_000);
      const run = spawnSync(process.execPath, ['--import', 'tsx', entry], {
        cwd: REPO_ROOT,
        env: { ...process.env, API_PORT: 'eighty', OPENSEARCH_URL: 'ftp://nowhere' },
        encoding: 'utf8',
      });
      expect(run.status).to.equal(78);
      expect(run.stderr).to.match(/API_PORT: must be a number/);
      expect(run.stderr).to.match(/OPENSEARCH_URL: /);
      expect(run.stderr).not.to.match(/\n\s+at /);
    });
  }
});
