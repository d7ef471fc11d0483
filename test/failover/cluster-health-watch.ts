import type { OpenSearchClient } from '@trendscope/core';

/** What the health watch has seen so far. */
export interface HealthWatch {
  stop(): void;
  /** The last answer: colour and node count, or `unreachable`. */
  current(): string;
  everRed(): boolean;
  /** Colours seen, in order of first sighting. */
  seen(): string[];
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Asks the cluster's health every 500 ms (on whichever node answers), so a red cluster between two
 * progress lines is not missed; calls `onRed` the first time of each red spell.
 */
export function watchHealth(client: OpenSearchClient, onRed: () => void): HealthWatch {
  const seen: string[] = [];
  let current = 'unknown';
  let red = false;
  let stopped = false;
  void (async () => {
    let wasRed = false;
    while (!stopped) {
      const status = await client.cluster
        .health({ timeout: '2s' }, { requestTimeout: 3000 })
        .then((r) => r.body as { status: string; number_of_nodes: number })
        .catch(() => undefined);
      current = status ? `${status.status} (${status.number_of_nodes} nodes)` : 'unreachable';
      const colour = status?.status ?? 'unreachable';
      if (!seen.includes(colour)) seen.push(colour);
      if (colour === 'red' && !wasRed) onRed();
      wasRed = colour === 'red';
      red ||= wasRed;
      await sleep(500);
    }
  })();
  return {
    stop: () => void (stopped = true),
    current: () => current,
    everRed: () => red,
    seen: () => seen,
  };
}
