/**
 * Items (a trend's members or headlines) in their order with some moved last: the topic's and the
 * summary's choices read an outlet's label or a site's page title after the reports that word the
 * story (topic.ts, trader-label.ts, build-trend.ts chooseSummary).
 */

/**
 * Items in their order, those `isX` holds for moved last unless it holds for all: the same items
 * (this array) when it holds for none or for all.
 */
export function itemsLastUnlessAll<T>(items: readonly T[], isX: (item: T) => boolean): readonly T[] {
  const moved = items.map(isX);
  if (!moved.some(Boolean) || moved.every(Boolean)) return items;
  return [...items.filter((_, i) => !moved[i]), ...items.filter((_, i) => moved[i])];
}

/**
 * Items in their order, those `isX` holds for moved last when some but fewer than half are: the
 * same items (this array) when it holds for none or for half of them or more, so a caller can tell
 * whether the trend is told mostly otherwise (`result !== items`).
 */
export function itemsLastUnlessMost<T>(items: readonly T[], isX: (item: T) => boolean): readonly T[] {
  const moved = items.map(isX);
  const count = moved.filter(Boolean).length;
  if (count === 0 || count * 2 >= items.length) return items;
  return [...items.filter((_, i) => !moved[i]), ...items.filter((_, i) => moved[i])];
}
