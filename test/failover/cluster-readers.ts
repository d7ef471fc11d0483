/** The cluster test's read load: connections cycling over every read endpoint, 5xx answers kept with when they came. */

/** A 5xx answer (or no answer at all) and the phase of the test it came in. */
export interface FailedRead {
  at: string;
  phase: string;
  path: string;
  status: number | 'none';
  detail: string;
}

/** Running readers. */
export interface Readers {
  stop(): Promise<void>;
  reads(): number;
  failures(): readonly FailedRead[];
  /** Answer times per phase: `phase: n=… p50=… p99=… max=… ms`. */
  latencies(): string[];
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

/** Every read endpoint of API.md, with parameters that make OpenSearch work (search, filters, aggregations). */
const PATHS = [
  '/health',
  '/v1/trends/recent',
  '/v1/trends/recent?velocity=emerging&limit=20',
  '/v1/trends/recent?category=technology&hours=168&min_impact=2',
  '/v1/search?q=apple%20iphone&time_window=30d',
  '/v1/search?q=%22interest%20rates%22%20OR%20inflation',
  '/v1/categories',
  '/v1/stats',
  '/v1/benefits',
  '/v1/sources/reuters.com',
  '/v1/sources/reuters.com/trending',
  '/v1/trends/tr_aaaaaaaaaaaaaaaa',
  '/v1/content/tr_aaaaaaaaaaaaaaaa',
  '/docs/openapi.json',
];

/**
 * One pass over every endpoint, one request at a time, repeated until every answer is below 500
 * (at most `timeoutMs`). A freshly started API and cluster answer their first burst slowly on a
 * loaded machine (JIT, cold caches); that is start-up, not failover, so the counted reads begin after.
 */
export async function warmUp(base: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (let pass = 1; ; pass++) {
    let slow = 0;
    for (const path of PATHS) {
      const res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
      await res?.text();
      if (!res || res.status >= 500) slow++;
    }
    if (slow === 0 || Date.now() > deadline) return pass;
  }
}

/**
 * Starts `connections` loops, each sending its next request when the previous one is answered.
 * Trend and content paths of real trends join the cycle once /v1/trends/recent lists some.
 */
export function startReaders(base: string, connections: number, phase: () => string): Readers {
  let reads = 0;
  const failures: FailedRead[] = [];
  let stopped = false;
  let trendPaths: string[] = [];
  const times = new Map<string, number[]>();
  const fail = (path: string, status: number | 'none', detail: string): void =>
    void failures.push({ at: new Date().toISOString(), phase: phase(), path, status, detail: detail.slice(0, 160) });
  const loops = Array.from({ length: connections }, async (_, c) => {
    for (let i = c; !stopped; i++) {
      const all = [...PATHS, ...trendPaths];
      const path = all[i % all.length] ?? '/health';
      const sent = performance.now();
      const during = phase();
      try {
        const res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(10_000) });
        const body = await res.text();
        reads++;
        const list = times.get(during) ?? [];
        list.push(performance.now() - sent);
        times.set(during, list);
        if (res.status >= 500) fail(path, res.status, body);
        if (path === '/v1/trends/recent' && res.ok && i % 50 === 0) {
          const ids = (JSON.parse(body) as { trends: { id: string }[] }).trends.map((t) => t.id).slice(0, 5);
          trendPaths = ids.flatMap((id) => [`/v1/trends/${id}`, `/v1/content/${id}?limit=3`]);
        }
      } catch (err) {
        reads++;
        fail(path, 'none', (err as Error).message);
      }
    }
  });
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
    reads: () => reads,
    failures: () => failures,
    latencies: () =>
      [...times].map(([name, list]) => {
        const sorted = [...list].sort((a, b) => a - b);
        const ms = (p: number): number => Math.round(percentile(sorted, p));
        return `${name}: n=${sorted.length} p50=${ms(0.5)} p99=${ms(0.99)} max=${ms(1)} ms`;
      }),
  };
}
