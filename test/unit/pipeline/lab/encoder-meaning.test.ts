import { expect } from 'chai';
import type { DetectArticle } from '@trendscope/pipeline/detect/cluster';
import { meaningFor, meaningTitles } from '@trendscope/pipeline/lab/evaluate/trends/encoder-meaning';

const T0 = Date.parse('2026-11-20T09:00:07Z');
const NOW = new Date(T0 + 86_400_000);
const idf = (): number => 3;

function art(id: string, minutes: number, title: string): DetectArticle {
  return { id, title, text: '', time: T0 + minutes * 60_000, entities: [] };
}

const ARTICLES = [
  art('a1', 0, 'SpaceX launches Falcon Heavy rocket from Florida'),
  art('b1', 1, 'Central bank raises interest rates to curb inflation'),
  art('a2', 2, 'Falcon Heavy rocket launch: SpaceX lifts off in Florida'),
  art('b2', 3, 'Inflation fight: central bank raises interest rates again'),
  art('a3', 4, 'SpaceX Falcon Heavy launch succeeds'),
];

describe('lab headline meaning sources (encoder-meaning.ts)', () => {
  it('embeds every title, or with meaningHeadlines only the first ones of each trend of the pass', () => {
    expect(meaningTitles(ARTICLES, { now: NOW, idf })).to.deep.equal(ARTICLES.map((a) => a.title));
    expect(meaningTitles(ARTICLES, { now: NOW, idf, meaningHeadlines: 1 })).to.deep.equal([
      ARTICLES[0]!.title,
      ARTICLES[1]!.title,
    ]);
    expect(meaningTitles(ARTICLES, { now: NOW, idf, meaningHeadlines: 2 })).to.have.length(4);
  });

  it('keeps the default meaning for glove and refuses an unknown source', async () => {
    expect(await meaningFor('glove', ARTICLES, { now: NOW, idf })).to.equal(undefined);
    expect(await meaningFor(undefined, ARTICLES, { now: NOW, idf })).to.equal(undefined);
    let error: unknown;
    await meaningFor('word2vec' as 'glove', ARTICLES, { now: NOW, idf }).catch((e: unknown) => (error = e));
    expect(String(error)).to.match(/meaningSource: expected "glove" or "encoder", got "word2vec"/);
  });
});
