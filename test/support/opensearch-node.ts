import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('../../infra/local/opensearch.sh', import.meta.url));

/** An OpenSearch node a test may stop and start: never the shared one. */
export interface ControllableNode {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops the node if this test started it, and deletes its data (a borrowed node is left running). */
  dispose(): Promise<void>;
}

async function script(action: 'start' | 'stop', port: number, home: string): Promise<void> {
  await run('bash', [SCRIPT, action], {
    env: { ...process.env, OS_PORT: String(port), OS_HOME: home, OS_WAIT_SECONDS: '240' },
    timeout: 300_000,
  });
}

/**
 * The node `make test` started for the tests when TEST_OPENSEARCH_HOME/PORT say so (it is
 * restarted after), otherwise a dedicated node on `port` with its own data under a temp dir.
 */
export async function controllableNode(port = 9281): Promise<ControllableNode> {
  const borrowedHome = process.env.TEST_OPENSEARCH_HOME;
  const borrowedPort = Number(process.env.TEST_OPENSEARCH_PORT);
  if (borrowedHome && borrowedPort) {
    return {
      url: `http://127.0.0.1:${borrowedPort}`,
      start: () => script('start', borrowedPort, borrowedHome),
      stop: () => script('stop', borrowedPort, borrowedHome),
      // Leave it running for the suites after this one.
      dispose: () => script('start', borrowedPort, borrowedHome),
    };
  }
  const home = await mkdtemp(join(tmpdir(), 'trendscope-os-'));
  return {
    url: `http://127.0.0.1:${port}`,
    start: () => script('start', port, home),
    stop: () => script('stop', port, home),
    dispose: async () => {
      await script('stop', port, home).catch(() => undefined);
      await rm(home, { recursive: true, force: true });
    },
  };
}
