import { dateOnly } from '../detect/cadence';

const DAY = 86_400_000;
/** Share of dated items at midnight UTC above which a corpus is taken to publish dates without a time. */
const DATE_ONLY_SHARE = 0.01;

/**
 * How far to move a corpus's dates so that its newest one is `now` (order and gaps kept). A corpus
 * that publishes dates without a time of day (Giveme5W1H: 107 of its 383 dates are midnight UTC)
 * moves by whole days, newest within the day before `now`, so those dates stay dates: detection
 * reads a midnight time as a date alone (cadence.ts, dateOnly) and gives two reports of one date no
 * burst discount, which a shift to some other time of day would wrongly give them.
 */
export function shiftOffset(times: readonly number[], now: number): number {
  if (times.length === 0) return 0;
  let newest = Number.NEGATIVE_INFINITY;
  let midnights = 0;
  for (const t of times) {
    if (t > newest) newest = t;
    if (dateOnly(t)) midnights++;
  }
  const offset = now - newest;
  return midnights > DATE_ONLY_SHARE * times.length ? Math.floor(offset / DAY) * DAY : offset;
}

/** Items with a date, each moved by shiftOffset; items without one unchanged. */
export function shiftToNow<T extends { published: Date | null }>(items: T[], now: Date): T[] {
  const times = items.flatMap((i) => (i.published ? [i.published.getTime()] : []));
  if (times.length === 0) return items;
  const offset = shiftOffset(times, now.getTime());
  return items.map((i) => (i.published ? { ...i, published: new Date(i.published.getTime() + offset) } : i));
}
