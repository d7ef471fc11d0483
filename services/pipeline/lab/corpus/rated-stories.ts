import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadGiveme } from './giveme.corpus';
import { REPO_ROOT } from './corpus-path';
import { loadUci } from './uci.corpus';

/** The impact-rating set: stories, rubric and three raters' files (README.md there says how it was made). */
export const RATINGS_DIR = path.join(REPO_ROOT, 'services', 'pipeline', 'data', 'impact-ratings');
/** The raters' files, one rating per story each. */
export const RATER_FILES = ['rater-1.jsonl', 'rater-2.jsonl', 'rater-3.jsonl'] as const;

/** One rated story: what the raters read, the domains that covered it, and the three ratings. */
export interface RatedStory {
  id: string;
  /** Headlines as the raters read them, without the "(Publisher)" suffix. */
  headlines: string[];
  /** The first article's lead (Giveme5W1H events only). */
  lead: string;
  /** Every domain of the story's articles in its corpus. */
  domains: string[];
  articles: number;
  ratings: number[];
  /** Mean of the raters' scores: the target of the fit. */
  mean: number;
}

interface StoryLine {
  story_id: string;
  articles: number;
  headlines: string[];
  lead?: string;
}

/** Reads the rated set and joins each story to its corpus domains. */
export function loadRatedStories(dir: string = RATINGS_DIR): RatedStory[] {
  const lines = <T>(file: string): T[] =>
    readFileSync(path.join(dir, file), 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as T);
  const stories = lines<StoryLine>('stories.jsonl');
  const raters = RATER_FILES.map(
    (f) => new Map(lines<{ story_id: string; score: number }>(f).map((r) => [r.story_id, r.score])),
  );
  const domains = storyDomains();
  return stories.map((s) => {
    const ratings = raters.map((r, i) => {
      const score = r.get(s.story_id);
      if (score === undefined) throw new Error(`${RATER_FILES[i]}: no rating for ${s.story_id}`);
      return score;
    });
    return {
      id: s.story_id,
      headlines: s.headlines.map(withoutPublisher),
      lead: s.lead ?? '',
      domains: domains.get(s.story_id) ?? [],
      articles: s.articles,
      ratings,
      mean: ratings.reduce((a, b) => a + b, 0) / ratings.length,
    };
  });
}

/** Drops the " (Publisher)" the set appends to each headline (publishers may hold escaped brackets). */
export function withoutPublisher(headline: string): string {
  return headline.replace(/\s\((?:[^()\\]|\\.)*\)$/, '');
}

/** Domains per story id ("uci:<story>", "giveme:<event>"), from both corpora. */
function storyDomains(): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  const add = (id: string, domain: string): void => {
    if (!out.has(id)) out.set(id, new Set());
    out.get(id)!.add(domain.toLowerCase().replace(/^www\./, ''));
  };
  for (const r of loadUci()) add(`uci:${r.story}`, r.hostname);
  for (const a of loadGiveme({ damaged: false })) add(`giveme:${a.event_id}`, a.domain);
  return new Map([...out].map(([id, set]) => [id, [...set].sort()]));
}
