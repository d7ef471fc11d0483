import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { LatencyHistogram } from '../support/latency-histogram';
import type { RoundFigures } from '../support/paired-rounds';

/** Connections of every load in the API bench. */
export const CONNECTIONS = 32;

/** One request to load an API or OpenSearch with. */
export interface Target {
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}

/** A running API under comparison and the headers its requests carry. */
export interface Side {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** The API's process (a cluster primary counts with its children). */
  pid: number;
}

/** Child processes of `pid` (the API processes of a cluster primary). */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** CPU seconds (user + system) used so far by a process and its children. */
export function cpuSeconds(pid: number): number {
  return [pid, ...childPids(pid)].reduce((total, p) => {
    try {
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return total + (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return total;
    }
  }, 0);
}

/**
 * Loads `base` + `target` at CONNECTIONS connections for `seconds`. Latencies are kept as measured
 * (autocannon's own percentiles are whole milliseconds: at a p99 of 5 ms one step is 20 %, too
 * coarse for a 5 % comparison); CPU time is that of `pid` when given (0 otherwise).
 */
export async function load(base: string, target: Target, seconds: number, pid?: number): Promise<RoundFigures> {
  const latencies = new LatencyHistogram();
  const cpuBefore = pid === undefined ? 0 : cpuSeconds(pid);
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(
      {
        url: `${base}${target.path}`,
        method: target.method ?? 'GET',
        ...(target.body ? { body: target.body } : {}),
        headers: target.headers ?? {},
        connections: CONNECTIONS,
        duration: seconds,
      },
      (err, result) => (err ? reject(err as Error) : resolve(result)),
    );
    run.on('response', (_client, _status, _bytes, ms) => latencies.record(ms));
  });
  return {
    requests: r.requests.total,
    seconds: r.duration,
    cpuSeconds: pid === undefined ? 0 : cpuSeconds(pid) - cpuBefore,
    errors: r.errors + r.timeouts + r.non2xx,
    latencies,
  };
}

/**
 * `rounds` rounds of `seconds` on each side in turn, the order rotated and reversed from round to
 * round (so that no side always follows another), after `warmupSeconds` of load on each (a fresh
 * API process answers a cached request at 1.3-2x its settled CPU cost for its first seconds of
 * load, while V8 optimises its code): round i of every side ran within the same few seconds, under
 * the same load from other work.
 */
export async function runRounds(
  sides: readonly Side[],
  path: string,
  rounds: number,
  seconds: number,
  warmupSeconds = 1,
): Promise<Map<Side, RoundFigures[]>> {
  for (const side of sides) await load(side.url, { path, headers: side.headers }, warmupSeconds);
  const figures = new Map<Side, RoundFigures[]>(sides.map((s) => [s, []]));
  for (let i = 0; i < rounds; i += 1) {
    const start = i % sides.length;
    const order = [...sides.slice(start), ...sides.slice(0, start)];
    if (Math.floor(i / sides.length) % 2 === 1) order.reverse();
    for (const side of order)
      figures.get(side)!.push(await load(side.url, { path, headers: side.headers }, seconds, side.pid));
  }
  return figures;
}
