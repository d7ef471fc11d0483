import { expect } from 'chai';
import { geoFeatures } from '@trendscope/pipeline/classify/geo-features';
import { classifierFeatures } from '@trendscope/pipeline/classify/features';

describe('gazetteer features of the category classifier', () => {
  it('names a country by its name, capital or nationality adjective, and says it is abroad', () => {
    expect(geoFeatures('Sudan rebels attack a town')).to.deep.equal(['geo:sd', 'geo:abroad']);
    expect(geoFeatures('Talks resume in Baghdad')).to.deep.equal(['geo:iq', 'geo:abroad']);
    expect(geoFeatures('Israeli and Palestinian leaders meet')).to.deep.equal([
      'geo:il',
      'geo:abroad',
      'geo:ps',
      'geo:abroad',
    ]);
  });

  it('prefers the longest name and counts US and UK mentions as home', () => {
    expect(geoFeatures('Democratic Republic of the Congo votes')).to.deep.equal(['geo:cd', 'geo:abroad']);
    expect(geoFeatures("US troops leave; Britain's envoy stays")).to.deep.equal([
      'geo:us',
      'geo:home',
      'geo:gb',
      'geo:home',
    ]);
  });

  it('ignores lower-case look-alikes: the pronoun "us" and a roast turkey', () => {
    expect(geoFeatures('tell us how to roast a turkey')).to.deep.equal([]);
  });

  it('adds them to the word features only when the model asks for them', () => {
    expect(classifierFeatures('Troops in Iraq')).to.deep.equal(['troop', 'iraq', 'troop iraq']);
    expect(classifierFeatures('Troops in Iraq', { geo: true })).to.include.members(['geo:iq', 'geo:abroad']);
  });
});
