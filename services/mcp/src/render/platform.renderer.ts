import type { CategoriesResponse } from '@trendscope/core';
import { counted } from './counted';

/** list_categories as text: one line per category. */
export function renderCategories(body: CategoriesResponse): string {
  const lines = body.categories.map((c) => {
    const v = c.velocity_breakdown;
    return (
      `- ${c.category} (${c.iptc_media_topic ?? 'no IPTC topic'}): ${counted(c.trend_count, 'trend')} ` +
      `(emerging ${v.emerging}, accelerating ${v.accelerating}, peak ${v.peak}, declining ${v.declining})`
    );
  });
  return [`${counted(body.total_trends, 'trend')} in ${body.categories.length} categories:`, ...lines].join('\n');
}

/**
 * A metrics body (get_stats, get_benefits) as `path: value` lines; null is written "not measured",
 * since the contract uses null for values that cannot be measured.
 */
export function renderMetrics(title: string, raw: object): string {
  const lines: string[] = [];
  const walk = (value: unknown, path: string): void => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key);
      return;
    }
    lines.push(
      `${path}: ${value === null ? 'not measured' : typeof value === 'string' ? value : JSON.stringify(value)}`,
    );
  };
  walk(raw, '');
  return [title, ...lines].join('\n');
}
