import { spawnSync } from 'node:child_process';

/** Where a comparison's processes run: the prefix that starts an API on its core, and what was done. */
export interface Pinning {
  /** Put before the API's command (`taskset -c N`), or nothing when not pinned. */
  apiPrefix: string[];
  /** One line for the bench's output: which cores, or why not pinned. */
  note: string;
  /** Gives this process its cores back. */
  restore: () => void;
}

const NONE = (note: string): Pinning => ({ apiPrefix: [], note, restore: () => undefined });

function cpuList(pid: number): string | null {
  const out = spawnSync('taskset', ['-pc', String(pid)], { encoding: 'utf8' });
  if (out.error || out.status !== 0) return null;
  return /list:\s*(\S+)/.exec(out.stdout)?.[1] ?? null;
}

function expand(list: string): number[] {
  return list.split(',').flatMap((part) => {
    const [from, to] = part.split('-').map(Number) as [number, number | undefined];
    return Array.from({ length: (to ?? from) - from + 1 }, (_, i) => from + i);
  });
}

/**
 * Pins this process (the load generator: autocannon runs in it) with all its threads to its first
 * allowed core and gives the API processes the last one, so the two stop taking CPU time from each
 * other and both sides of a comparison get the same arrangement. Skipped, with a line saying why,
 * when taskset (util-linux) is missing, fewer than 2 cores are allowed or BENCH_PIN=0.
 */
export function pinLoadGenerator(): Pinning {
  if (process.env.BENCH_PIN === '0') return NONE('not pinned (BENCH_PIN=0)');
  const original = cpuList(process.pid);
  if (original === null) return NONE('not pinned: taskset (util-linux) is missing or refused');
  const cpus = expand(original);
  if (cpus.length < 2) return NONE(`not pinned: only core ${original} is allowed`);
  const [generator, api] = [cpus[0]!, cpus.at(-1)!];
  const pinned = spawnSync('taskset', ['-a', '-pc', String(generator), String(process.pid)]);
  if (pinned.status !== 0) return NONE('not pinned: taskset could not pin this process');
  return {
    apiPrefix: ['taskset', '-c', String(api)],
    note: `pinned: API processes on core ${api}, the load generator on core ${generator} (OpenSearch, Redis and other work float)`,
    restore: () => void spawnSync('taskset', ['-a', '-pc', original, String(process.pid)]),
  };
}
