import { expect } from 'chai';
import { normaliseText } from '@trendscope/pipeline/text/normalise-text';
import { contentTerms, countWords, stem } from '@trendscope/pipeline/text/tokenize';

describe('text normalisation and terms', () => {
  it('decodes entity remnants of feeds, including the mangled " #39;" form', () => {
    expect(normaliseText('Oil at  #36;50 a barrel, it #39;s &amp; &lt;b&gt;up&lt;/b&gt; &#8212; ok')).to.equal(
      "Oil at $50 a barrel, it's & up — ok",
    );
    expect(normaliseText('line one\\nline two')).to.equal('line one line two');
  });

  it('folds plurals and possessives but keeps short words and names intact', () => {
    expect(stem('launches')).to.equal('launch');
    expect(stem('companies')).to.equal('company');
    expect(stem("apple's")).to.equal('apple');
    expect(stem('bus')).to.equal('bus');
    expect(stem('business')).to.equal('business');
  });

  it('drops stopwords and bare numbers from content terms and counts every word', () => {
    expect(contentTerms('The 3 rockets of SpaceX were launched')).to.deep.equal(['rocket', 'spacex', 'launched']);
    expect(countWords("It's 3 o'clock in Zürich")).to.equal(5);
  });
});
