import { expect } from 'chai';
import { toActiveTrend, type StoredArticle } from '@trendscope/pipeline/detect/active-trend';
import { clusterArticles } from '@trendscope/pipeline/detect/cluster';
import { backgroundIdf } from '@trendscope/pipeline/detect/idf';
import { combinedState, detectState, storedState } from '@trendscope/pipeline/detect/trend-state';

const idf = backgroundIdf();
const at = (minutes: number): string => new Date(Date.UTC(2026, 10, 20, 8, minutes)).toISOString();
const article = (id: string, title: string, minutes: number, entities: string[]): StoredArticle =>
  ({
    id,
    title,
    description: null,
    body: null,
    published_date: at(minutes),
    fetched_at: at(minutes),
    entities,
  }) as never;

const members = [
  article('a1', 'Equifax breach exposes credit records of 143 million', 0, ['Equifax']),
  article('a2', 'Equifax credit breach: what the 143 million should do', 3, ['Equifax']),
  article('a3', 'Equifax chief apologises for credit data breach', 9, ['Equifax', 'Richard Smith']),
];

/** The stored document fields of a trend built from `list`, as runDetect writes them. */
function stored(id: string, list: StoredArticle[]) {
  const state = toActiveTrend(id, list, idf, true);
  return {
    id,
    first_seen: new Date(state.first_seen).toISOString(),
    last_seen: new Date(state.last_seen).toISOString(),
    article_count: list.length,
    ...detectState(state),
  };
}

describe('a trend compared from its stored compact state', () => {
  it('reads back the state rebuilt from its articles (terms and meaning to 1e-4)', () => {
    const rebuilt = toActiveTrend('tr_x', members, idf, true);
    const back = storedState(stored('tr_x', members), true)!;
    expect(back.article_count).to.equal(3);
    expect([back.first_seen, back.last_seen]).to.deep.equal([rebuilt.first_seen, rebuilt.last_seen]);
    expect(back.entities).to.deep.equal(rebuilt.entities);
    expect(Object.keys(back.terms)).to.deep.equal(Object.keys(rebuilt.terms));
    for (const [t, w] of Object.entries(rebuilt.terms)) expect(back.terms[t]).to.be.closeTo(w, 1e-4);
    expect(back.meaning).to.have.length(rebuilt.meaning!.length);
    back.meaning!.forEach((v, i) => expect(v).to.be.closeTo(rebuilt.meaning![i]!, 1e-4));
  });

  it('has no usable state when it was written without one, or without meanings that are wanted', () => {
    const { detect_state, ...bare } = stored('tr_x', members);
    expect(storedState(bare, false)).to.equal(null);
    const withoutMeaning = { ...bare, detect_state: { terms: detect_state!.terms, entities: detect_state!.entities } };
    expect(storedState(withoutMeaning, true)).to.equal(null);
    expect(storedState(withoutMeaning, false)).to.not.equal(null);
  });

  it('sends a new report to the same trend as the state rebuilt from its articles does', () => {
    const report = {
      id: 'n1',
      title: 'Equifax breach: credit freeze demand after 143 million records exposed',
      text: '',
      time: Date.parse(at(30)),
      entities: ['Equifax'],
    };
    const opts = { now: new Date(at(40)), idf };
    const fromArticles = clusterArticles([report], [toActiveTrend('tr_x', members, idf, true)], opts);
    const fromState = clusterArticles([report], [storedState(stored('tr_x', members), true)!], opts);
    expect(fromArticles.assignments.get('n1')).to.equal('tr_x');
    expect(fromState.assignments.get('n1')).to.equal('tr_x');
  });

  it('shares the stored sums, and a clustering that grows the trend leaves them as stored', () => {
    const doc = stored('tr_x', members);
    const before = structuredClone(doc);
    const state = storedState(doc, true)!;
    expect(state.terms).to.equal(doc.detect_state?.terms);
    const report = {
      id: 'n1',
      title: 'Equifax breach: credit freeze demand after 143 million records exposed',
      text: '',
      time: Date.parse(at(30)),
      entities: ['Equifax', 'Richard Smith'],
    };
    const result = clusterArticles([report], [state], { now: new Date(at(40)), idf });
    expect(result.touched.map((t) => t.id)).to.deep.equal(['tr_x']);
    expect(result.touched[0]!.article_count).to.equal(4);
    expect(doc).to.deep.equal(before);
    expect(state.article_count).to.equal(3);
  });

  it('finishes a merge from two stored states: counts, entities and meanings add up, time spans join', () => {
    const a = storedState(stored('tr_a', members.slice(0, 2)), true)!;
    const b = storedState(stored('tr_b', members.slice(2)), true)!;
    const both = combinedState(a, b);
    const whole = toActiveTrend('tr_a', members, idf, true);
    expect(both.id).to.equal('tr_a');
    expect(both.article_count).to.equal(3);
    expect([both.first_seen, both.last_seen]).to.deep.equal([whole.first_seen, whole.last_seen]);
    expect(both.entities).to.deep.equal(whole.entities);
    for (const [t, w] of Object.entries(whole.terms)) expect(both.terms[t]).to.be.closeTo(w, 1e-3);
    both.meaning!.forEach((v, i) => expect(v).to.be.closeTo(whole.meaning![i]!, 1e-3));
  });
});
