import { SingleBar, Presets } from 'cli-progress';
import type { DrainProgress } from './wait-for-drain';

/**
 * What a progress report counts against: the entries discovered so far, or the articles indexed
 * when those are ahead (discover jobs still running: "1/0 indexed" read as an error).
 */
const progressTotal = (p: DrainProgress): number => Math.max(p.discovered, p.indexed);

/** The line a run's progress is written as when stderr is not a terminal. */
export function progressLine(label: string, p: DrainProgress): string {
  return `${label}: ${p.indexed}/${progressTotal(p)} indexed, ${p.failed} failed, ${p.pending} pending\n`;
}

/** Shows a run's progress: a bar on a terminal, a line every few seconds otherwise. */
export function createProgressReporter(label: string): { update(p: DrainProgress): void; stop(): void } {
  if (process.stderr.isTTY) {
    const bar = new SingleBar(
      {
        format: `${label} [{bar}] {value}/{total} indexed | {failed} failed | {pending} pending`,
        stream: process.stderr,
      },
      Presets.shades_classic,
    );
    let started = false;
    return {
      update(p) {
        const total = Math.max(progressTotal(p), 1);
        if (!started) {
          bar.start(total, p.indexed, { failed: p.failed, pending: p.pending });
          started = true;
        }
        bar.setTotal(total);
        bar.update(p.indexed, { failed: p.failed, pending: p.pending });
      },
      stop() {
        if (started) bar.stop();
      },
    };
  }
  let last = 0;
  return {
    update(p) {
      if (Date.now() - last < 5000) return;
      last = Date.now();
      process.stderr.write(progressLine(label, p));
    },
    stop() {},
  };
}
