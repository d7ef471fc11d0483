import { expect } from 'chai';
import { distinctTopics, type TopicHolder } from '@trendscope/pipeline/detect/distinct-topics';

const cite = (title: string): TopicHolder['citations'] extends (infer C)[] | undefined ? C : never =>
  ({
    title,
    url: 'https://x.example/',
    publisher: 'x',
    domain: 'x.example',
    author: null,
    published_date: null,
    word_count: 0,
    fetch_method: 'feed',
  }) as never;

describe('distinctTopics', () => {
  const big: TopicHolder = { id: 'a', topic: 'Lindsay Lohan', article_count: 50, source_count: 9 };
  const other: TopicHolder = {
    id: 'b',
    topic: 'lindsay lohan',
    article_count: 8,
    source_count: 4,
    keywords: ['lindsay lohan', 'reality series', 'own'],
    citations: [cite('Lindsay Lohan - Lindsay Lohan`s reality series premieres on OWN'), cite('Oprah on her network')],
  };

  it('keeps the topic of the largest listed trend and gives another its headline saying what differs', () => {
    const renamed = distinctTopics([other, big]);
    expect([...renamed]).to.deep.equal([['b', "Lindsay Lohan's reality series premieres on OWN"]]);
  });

  it('leaves a trend that cannot change (stored, not rebuilt) its topic, and unlisted trends alone', () => {
    const withKeywords = { ...big, keywords: ['lindsay lohan', 'list of lovers'] };
    expect([...distinctTopics([other, withKeywords], new Set(['b']))]).to.deep.equal([
      ['a', 'Lindsay Lohan: list of lovers'],
    ]);
    expect(distinctTopics([{ ...other, source_count: 1 }, big]).size).to.equal(0);
  });

  it('falls back to the topic and a keyword it lacks when no headline is free', () => {
    const renamed = distinctTopics([{ ...other, citations: [] }, big]);
    expect(renamed.get('b')).to.equal('lindsay lohan: reality series');
  });

  it('gives another trend a headline its outlet did not cut off ("...") when it has one', () => {
    const cut = cite("Lindsay Lohan's reality series: Lindsay Lohan opens up about her ...");
    const renamed = distinctTopics([{ ...other, citations: [cut, ...other.citations!] }, big]);
    expect(renamed.get('b')).to.equal("Lindsay Lohan's reality series premieres on OWN");
  });
});
