import { createLogger, indexNames, migrateOnStart } from '@trendscope/core';
import { expect } from 'chai';
import { closedPortUrl } from '../../../support/dead-services';

const logger = createLogger({ level: 'silent', name: 'test' });
const names = indexNames('unit-migrate');

describe('migrateOnStart', () => {
  it('does nothing when migration on start is off', async () => {
    await migrateOnStart({ url: 'http://127.0.0.1:1', migrateOnStart: false }, names, logger);
  });

  it('rethrows a failed migration unless told to continue', async () => {
    const url = await closedPortUrl();
    const failure = await migrateOnStart({ url, migrateOnStart: true }, names, logger).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failure).to.be.instanceOf(Error);
    await migrateOnStart({ url, migrateOnStart: true }, names, logger, { continueOnFailure: true });
  });
});
