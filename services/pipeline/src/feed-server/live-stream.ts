import type { CorpusItem } from './corpus-item';
import { renderRss } from './render-rss';

/** Where the live stream's one feed is served. */
export const LIVE_FEED_PATH = '/feeds/live.rss';

/** Options of a live stream. */
export interface LiveStreamOptions {
  /** Items that appear each second. */
  perSecond: number;
  /** Items the feed lists (the newest); an item older than that is gone from the feed. */
  window: number;
  /** When the stream starts (ms since the epoch). */
  startedAt: number;
}

/**
 * A corpus served as a live stream: the items (oldest first) appear one after another at a steady
 * rate, each dated the moment it appears, in one feed that lists the newest of them. A page is
 * known only once its item has appeared, as on a real site. Reading the feed is what a poller
 * sees of a firehose: what appeared since its last read.
 */
export class LiveStream {
  private readonly items: CorpusItem[];
  private readonly order = new Map<string, number>();
  private rendered: { count: number; body: string } | null = null;

  constructor(
    items: CorpusItem[],
    private readonly opts: LiveStreamOptions,
    pathOf: (item: CorpusItem) => string,
  ) {
    if (!(opts.perSecond > 0)) throw new Error(`live stream: the rate must be above 0 (got ${opts.perSecond})`);
    // Oldest first, so stories unfold in their order; undated items last, in corpus order.
    this.items = items
      .map((item, i) => ({ item, i, t: item.published?.getTime() ?? Number.POSITIVE_INFINITY }))
      .sort((a, b) => a.t - b.t || a.i - b.i)
      .map(({ item }) => item);
    this.items.forEach((item, i) => this.order.set(pathOf(item), i));
  }

  /** How many items have appeared by `now`. */
  appeared(now = Date.now()): number {
    const n = Math.floor(((now - this.opts.startedAt) / 1000) * this.opts.perSecond);
    return Math.min(this.items.length, Math.max(0, n));
  }

  /** When item `i` appears (its publication date in the stream). */
  private appearsAt(i: number): Date {
    return new Date(this.opts.startedAt + Math.ceil((i / this.opts.perSecond) * 1000));
  }

  /** Whether the page at `path` exists yet (true for paths the stream does not hold). */
  pageVisible(path: string, now = Date.now()): boolean {
    const i = this.order.get(path);
    return i === undefined || i < this.appeared(now);
  }

  /** The feed as it reads at `now`: the newest `window` items that appeared, newest first. */
  feed(base: string, now = Date.now()): string {
    const count = this.appeared(now);
    if (this.rendered?.count === count) return this.rendered.body;
    const items: CorpusItem[] = [];
    for (let i = count - 1; i >= Math.max(0, count - this.opts.window); i -= 1)
      items.push({ ...this.items[i]!, published: this.appearsAt(i) });
    const body = renderRss({ title: 'live', base, feedUrl: `${base}${LIVE_FEED_PATH}`, items });
    this.rendered = { count, body };
    return body;
  }
}
