import { expect } from 'chai';
import {
  afterLastSilence,
  newWave,
  REOPEN_SILENCE_HOURS,
  tellsAnotherStory,
  WAVE_ANOTHER_STORY_MEANING,
} from '@trendscope/pipeline/detect/reopened-wave';

const H = 3_600_000;
const SILENCE = REOPEN_SILENCE_HOURS * H;

describe('newWave', () => {
  it('gives the reports after a silence of REOPEN_SILENCE_HOURS when they outnumber those before it', () => {
    expect(newWave([0, 60_000, SILENCE + 60_000, SILENCE + 61_000, SILENCE + 62_000])).to.deep.equal([2, 3, 4]);
  });

  it('needs the whole silence: a millisecond short of it is no reopening', () => {
    expect(newWave([0, 60_000, SILENCE + 59_999, SILENCE + 61_000, SILENCE + 62_000])).to.equal(undefined);
  });

  it('needs a majority: as many reports since the silence as before it leave the trend told by all', () => {
    expect(newWave([0, 1000, SILENCE + 1000, SILENCE + 2000])).to.equal(undefined);
    expect(newWave([0, SILENCE, SILENCE + 1])).to.deep.equal([1, 2]);
  });

  it('reads the last silence only, and counts before it the rest of a whole larger than the sample', () => {
    // Two silences: the last wave (2 reports) is no majority of 5, though the middle one would be.
    expect(newWave([0, SILENCE, SILENCE + 1, SILENCE + 2, 2 * SILENCE + 2, 2 * SILENCE + 3])).to.equal(undefined);
    // Three of a sample after the silence, but the trend holds 10 articles: no majority.
    expect(newWave([0, SILENCE, SILENCE + 1, SILENCE + 2], 10)).to.equal(undefined);
    expect(newWave([0, SILENCE, SILENCE + 1, SILENCE + 2], 5)).to.deep.equal([1, 2, 3]);
  });

  it('gives nothing for a trend of one report or without a silence', () => {
    expect(newWave([0])).to.equal(undefined);
    expect(newWave([0, H, 2 * H, 3 * H])).to.equal(undefined);
  });
});

describe('afterLastSilence', () => {
  it('gives the reports since the last silence whatever their share, nothing without a silence', () => {
    // A minority wave, which newWave leaves out, is still given (detection embeds its headlines).
    expect(afterLastSilence([0, 1000, 2000, SILENCE + 2000])).to.deep.equal([3]);
    expect(afterLastSilence([0, SILENCE, SILENCE + 1, 2 * SILENCE + 1])).to.deep.equal([3]);
    expect(afterLastSilence([0, 1000, SILENCE + 999])).to.equal(undefined);
    expect(afterLastSilence([0])).to.equal(undefined);
  });
});

describe('tellsAnotherStory', () => {
  // Two headlines' directions at a given cosine (unit vectors in a plane).
  const at = (cosine: number): ((text: string) => Float32Array) => {
    const sine = Math.sqrt(1 - cosine * cosine);
    return (text) => (text.startsWith('old') ? Float32Array.from([1, 0]) : Float32Array.from([cosine, sine]));
  };

  it('tells another story under the rejoin bar for one story, and not at it', () => {
    expect(WAVE_ANOTHER_STORY_MEANING).to.equal(0.8);
    expect(tellsAnotherStory(['old launch'], ['new launch'], at(0.79))).to.equal(true);
    expect(tellsAnotherStory(['old launch'], ['new launch'], at(0.81))).to.equal(false);
  });

  it('tells nothing when a side has no embedded headline', () => {
    expect(tellsAnotherStory(['old launch'], ['new launch'], () => undefined)).to.equal(false);
  });
});
