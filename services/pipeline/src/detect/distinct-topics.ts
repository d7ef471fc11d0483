import { isListed, type TrendDoc } from '@trendscope/core';
import { displayText, textKey } from './display-text';
import { cleanHeadline, endsCut, isGeneric, TOPIC_MIN_WORDS } from './topic';

/** What the topic check needs of a trend (citations and keywords only for the ones it may rename). */
export type TopicHolder = Pick<TrendDoc, 'id' | 'topic' | 'article_count' | 'source_count'> &
  Partial<Pick<TrendDoc, 'citations' | 'keywords' | 'summary'>>;

/** Longest topic written (as buildTrend clips it). */
const MAX_TOPIC = 200;

/**
 * Topics no two listed trends share: when two listed trends would show one topic string (case and
 * punctuation aside), they are different stories about one subject that the merges kept apart
 * (one story's fragments are merged before this), so the topic must say what differs ("Lindsay
 * Lohan" twice -> "Lindsay Lohan's reality series" / "Lindsay Lohan list of lovers"). In each such
 * group the trend that cannot change (`fixed`: stored and not rebuilt in this run), else the one
 * with most articles, keeps the topic; each other takes its member headline (cleaned) that holds
 * the shared topic and most of its own keywords (one its outlet cut off with "..." last) and is neither its summary nor a listed trend's topic, else the topic
 * followed by its first keyword the topic lacks. Returns id -> new topic for the trends renamed.
 * Deterministic: groups and trends in a fixed order.
 */
export function distinctTopics(
  trends: readonly TopicHolder[],
  fixed: ReadonlySet<string> = new Set(),
): Map<string, string> {
  const listed = trends.filter(isListed);
  const taken = new Set(listed.map((t) => textKey(t.topic)));
  const groups = new Map<string, TopicHolder[]>();
  for (const t of listed) {
    const key = textKey(t.topic);
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  const renamed = new Map<string, string>();
  for (const key of [...groups.keys()].sort()) {
    const group = groups.get(key)!;
    if (group.length < 2) continue;
    group.sort(
      (a, b) =>
        Number(fixed.has(b.id)) - Number(fixed.has(a.id)) ||
        b.article_count - a.article_count ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    for (const t of group.slice(1)) {
      if (fixed.has(t.id)) continue;
      const topic = alternative(t, key, taken);
      if (topic === undefined) continue;
      taken.add(textKey(topic));
      renamed.set(t.id, topic);
    }
  }
  return renamed;
}

/** A topic for `t` that says what its story is beside the shared one, if one is free. */
function alternative(t: TopicHolder, shared: string, taken: ReadonlySet<string>): string | undefined {
  const keywords = (t.keywords ?? []).map(textKey).filter((k) => k !== '' && !shared.includes(k));
  const holds = (text: string, k: string): boolean => ` ${textKey(text)} `.includes(` ${k} `);
  const headlines = [...new Set((t.citations ?? []).map((c) => cleanHeadline(displayText(c.title))))]
    .filter((h) => h.split(' ').length >= TOPIC_MIN_WORDS && h.length <= MAX_TOPIC && !isGeneric(h))
    // Not the summary either: the topic and the summary say different things.
    .filter((h) => !taken.has(textKey(h)) && textKey(h) !== textKey(t.summary ?? ''))
    .map((h, i) => ({ h, i, shared: holds(h, shared), score: keywords.filter((k) => holds(h, k)).length }))
    // A headline its outlet cut off ("... Cannabis Science Inc ...") only when no other is there.
    .sort(
      (a, b) =>
        Number(endsCut(a.h)) - Number(endsCut(b.h)) ||
        Number(b.shared) - Number(a.shared) ||
        b.score - a.score ||
        a.i - b.i,
    );
  if (headlines[0]) return headlines[0].h;
  for (const k of keywords) {
    const topic = `${t.topic}: ${(t.keywords ?? []).find((w) => textKey(w) === k)!}`;
    if (!taken.has(textKey(topic))) return topic;
  }
  return undefined;
}
