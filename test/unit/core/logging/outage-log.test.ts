import { expect } from 'chai';
import { pino } from 'pino';
import { isConnectionError, OutageLog } from '@trendscope/core';

/** A logger whose lines are kept, parsed. */
function capturingLogger(): { logger: pino.Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const refused = (): Error => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });

describe('OutageLog', () => {
  it('logs the first refused reconnect of an outage and counts the rest', () => {
    const { logger, lines } = capturingLogger();
    let now = 1000;
    const outage = new OutageLog(logger, { component: 'queues' }, () => now);
    for (let i = 0; i < 25; i++) outage.error(refused());
    expect(lines).to.have.length(1);
    expect(lines[0]).to.include({ component: 'queues', msg: 'connection lost; retrying' });
    expect(outage.down).to.equal(true);
    now = 4500;
    outage.restored();
    expect(lines).to.have.length(2);
    expect(lines[1]).to.include({ component: 'queues', down_ms: 3500, errors: 25, msg: 'connection restored' });
    expect(outage.down).to.equal(false);
  });

  it('logs a second outage again, and nothing for a ready connection that was never lost', () => {
    const { logger, lines } = capturingLogger();
    const outage = new OutageLog(logger, {});
    outage.restored();
    expect(lines).to.have.length(0);
    outage.error(refused());
    outage.restored();
    outage.error(new Error('Connection is closed.'));
    expect(lines.map((l) => l.msg)).to.deep.equal([
      'connection lost; retrying',
      'connection restored',
      'connection lost; retrying',
    ]);
  });

  it('logs every error that is not about the connection', () => {
    const { logger, lines } = capturingLogger();
    const outage = new OutageLog(logger, {});
    outage.error(new Error('ERR wrong number of arguments'));
    outage.error(new Error('ERR wrong number of arguments'));
    expect(lines).to.have.length(2);
    expect(outage.down).to.equal(false);
  });
});

describe('isConnectionError', () => {
  it('tells a lost or refused connection from a failed command', () => {
    expect(isConnectionError(refused())).to.equal(true);
    expect(isConnectionError(Object.assign(new Error('read'), { code: 'ECONNRESET' }))).to.equal(true);
    expect(isConnectionError(new Error('All sentinels are unreachable. Retrying from scratch after 200ms.'))).to.equal(
      true,
    );
    expect(isConnectionError(new Error('NOSCRIPT No matching script'))).to.equal(false);
  });
});
