import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { CONFIG_SCHEMA, ConfigError, loadConfig, PIPELINE_STAGE_NAMES } from '@trendscope/core';

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config.api.port).to.equal(8080);
    expect(config.opensearch.url).to.equal('http://127.0.0.1:9200');
    expect(config.redis.url).to.equal('redis://127.0.0.1:6379');
    expect(Object.isFrozen(config.api)).to.be.true;
  });

  it('converts numbers and booleans from strings', () => {
    const config = loadConfig({ API_PORT: '9000', OPENSEARCH_MIGRATE_ON_START: 'false' });
    expect(config.api.port).to.equal(9000);
    expect(config.opensearch.migrateOnStart).to.be.false;
  });

  it('reports every bad variable at once, by name and reason', () => {
    try {
      loadConfig({ API_PORT: 'eighty', OPENSEARCH_URL: 'ftp://x', LOG_LEVEL: 'loud' });
      expect.fail('loadConfig accepted a bad environment');
    } catch (err) {
      expect(err).to.be.instanceOf(ConfigError);
      const problems = (err as ConfigError).problems;
      expect(problems).to.have.length(3);
      expect(problems.find((p) => p.startsWith('API_PORT:'))).to.match(/must be a number/);
      expect(problems.find((p) => p.startsWith('OPENSEARCH_URL:'))).to.match(/uri/);
      expect(problems.find((p) => p.startsWith('LOG_LEVEL:'))).to.match(/must be one of/);
    }
  });

  it('reads the queues of a worker process: every stage by default, a list, or a clear refusal', () => {
    expect(loadConfig({}).pipeline.workerQueues).to.deep.equal([...PIPELINE_STAGE_NAMES]);
    expect(loadConfig({ PIPELINE_WORKER_QUEUES: 'detect' }).pipeline.workerQueues).to.deep.equal(['detect']);
    expect(loadConfig({ PIPELINE_WORKER_QUEUES: ' fetch, process ,fetch' }).pipeline.workerQueues).to.deep.equal([
      'fetch',
      'process',
    ]);
    for (const bad of ['detect,detection', ',', 'all,detect']) {
      try {
        loadConfig({ PIPELINE_WORKER_QUEUES: bad });
        expect.fail(`loadConfig accepted PIPELINE_WORKER_QUEUES=${bad}`);
      } catch (err) {
        expect(err, bad).to.be.instanceOf(ConfigError);
        expect((err as ConfigError).problems[0]).to.match(/^PIPELINE_WORKER_QUEUES: must be all or a comma-separated/);
      }
    }
  });

  it('documents every variable of the schema in .env.example', () => {
    const example = readFileSync(new URL('../../../../.env.example', import.meta.url), 'utf8');
    const documented = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    const keys = [...(CONFIG_SCHEMA.describe().keys ? Object.keys(CONFIG_SCHEMA.describe().keys as object) : [])];
    expect(keys.length).to.be.greaterThan(5);
    for (const key of keys) expect(documented.has(key), `${key} missing from .env.example`).to.be.true;
  });
});
