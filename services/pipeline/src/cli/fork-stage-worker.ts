import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { StageWorkerStart } from './stage-worker.child';

/** A running forked stage worker. */
export interface ForkedStageWorker {
  /** Lets it finish its active jobs and pending documents, then waits for it to exit. */
  stop(): Promise<void>;
}

const STOP_TIMEOUT_MS = 60_000;

/** Forks a stage worker process (TypeScript through tsx) and resolves once its workers run. */
export async function forkStageWorker(start: Omit<StageWorkerStart, 'type'>): Promise<ForkedStageWorker> {
  const child = fork(fileURLToPath(new URL('./stage-worker.child.ts', import.meta.url)), [], {
    // tsx's loader by path, so the child starts whatever the parent's working directory.
    execArgv: ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    child.on('message', (m: { type?: string }) => {
      if (m.type === 'ready') resolve();
    });
    child.once('error', reject);
    void exited.then(() => reject(new Error('the stage worker process exited before it was ready')));
  });
  child.send({ type: 'start', ...start } satisfies StageWorkerStart);
  try {
    await ready;
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (child.connected) child.send({ type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
