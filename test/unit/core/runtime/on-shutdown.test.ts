import { createLogger, onShutdown } from '@trendscope/core';
import { expect } from 'chai';

const logger = createLogger({ level: 'silent', name: 'test' });

/** Resolves with the first exit code the shutdown asks for. */
function exitRecorder(): { exit: (code: number) => void; code: Promise<number> } {
  let record: (code: number) => void = () => undefined;
  const code = new Promise<number>((resolve) => (record = resolve));
  return { exit: (c) => record(c), code };
}

describe('onShutdown', () => {
  it('closes once however often it is triggered, then exits 0', async () => {
    const { exit, code } = exitRecorder();
    let closed = 0;
    const trigger = onShutdown({
      logger,
      message: 'm',
      forceAfterMs: 5000,
      signals: [],
      exit,
      close: () => Promise.resolve(void closed++),
    });
    trigger('stdin closed');
    trigger('SIGTERM');
    expect(await code).to.equal(0);
    expect(closed).to.equal(1);
  });

  it('exits 1 when closing fails', async () => {
    const { exit, code } = exitRecorder();
    onShutdown({
      logger,
      message: 'm',
      forceAfterMs: 5000,
      signals: [],
      exit,
      close: () => Promise.reject(new Error('boom')),
    })('t');
    expect(await code).to.equal(1);
  });

  it('exits with the forced code when closing hangs', async () => {
    const { exit, code } = exitRecorder();
    const trigger = onShutdown({
      logger,
      message: 'm',
      forceAfterMs: 20,
      forceExitCode: 1,
      signals: [],
      exit,
      close: () => new Promise<void>(() => undefined),
    });
    trigger('t');
    expect(await code).to.equal(1);
  });
});
