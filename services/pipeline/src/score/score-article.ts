import { countWords } from '../text/tokenize';
import { detectLanguage } from './detect-language';
import { extractEntities } from './entities';
import { simhash } from './simhash';

/** What the score stage adds to an article. */
export interface ArticleScore {
  language: string | null;
  word_count: number;
  simhash: string;
  entities: string[];
}

/**
 * Scores one article: language, word count of the body, SimHash near-duplicate key over title and
 * body (so syndicated copies with the same headline and text collide) and named entities.
 */
export function scoreArticle(input: { title: string; text: string; url: string }): ArticleScore {
  const full = `${input.title}\n${input.text}`;
  return {
    language: detectLanguage(full),
    word_count: countWords(input.text),
    simhash: simhash(full),
    entities: extractEntities(full),
  };
}
