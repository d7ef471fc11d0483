import { dot } from '../text/word-vectors';
import { DEFAULT_REJOIN_OPTIONS, meanEmbedding } from './rejoin-stories';
import { sampleText } from './topic-centre';

/**
 * A trend's new wave: its reports since a long silence, which tell its topic and summary when they
 * outnumber the reports before (a story back in the news, or another story a reopening carried in),
 * and the test of whether a wave tells another story (build-trend.ts, detect-embeddings.ts).
 */

/**
 * Hours without a report after which a trend's next reports are a new wave of it (the silence
 * lab/diagnose/reopened-waves.ts counts reopenings after): a story back in the news after a day or
 * weeks, or another story a reopening carried in.
 */
export const REOPEN_SILENCE_HOURS = 12;

/**
 * The members (indices into the time-ordered list) reported since a trend's last silence of
 * REOPEN_SILENCE_HOURS or more, whatever their share; undefined when there is no such silence.
 * Detection embeds their headlines ahead of buildTrend, which alone knows a grown trend's whole
 * count and so whether they are a newWave.
 */
export function afterLastSilence(times: readonly number[]): number[] | undefined {
  const silence = REOPEN_SILENCE_HOURS * 3_600_000;
  for (let i = times.length - 1; i > 0; i--) {
    if (times[i]! - times[i - 1]! >= silence) return Array.from({ length: times.length - i }, (_, k) => i + k);
  }
  return undefined;
}

/**
 * The members a trend's topic and summary are read from when its reports since its last silence
 * (afterLastSilence) outnumber those before it: what is new tells a story back in the news, and a
 * reader of the list sees the trend by its latest reports (a demo's 2018 Falcon Heavy trend,
 * reopened by one Falcon Heavy page and joined by 22 reports of a 2014 launch, was served with the
 * 2018 topic). Undefined when all members tell it (no such silence, or the wave is no majority).
 * `total` is the trend's whole article count when `times` are only some of its members (a grown
 * trend's sample, whose new members are all read): the members before the silence are then
 * counted as the rest of the whole.
 */
export function newWave(times: readonly number[], total: number = times.length): number[] | undefined {
  const wave = afterLastSilence(times);
  return wave && wave.length > total - wave.length ? wave : undefined;
}

/**
 * Meaning under which a new wave tells another story than the trend's reports before it: the
 * story rejoin's bar for one story (rejoinMeaning), not fitted here.
 */
export const WAVE_ANOTHER_STORY_MEANING = DEFAULT_REJOIN_OPTIONS.rejoinMeaning;

/**
 * Whether a new wave's headlines tell another story than the earlier ones': the cosine of their
 * mean sentence embeddings under WAVE_ANOTHER_STORY_MEANING. A story's own later days keep the
 * topic the whole trend gives (GM's recall investigation and its loaners two days later, 0.96, on
 * the in-process demo; MH370 0.83); the 2014 CRS-3 launch after the 2018 Falcon Heavy pages does
 * not (0.76). False when a side has no embedded headline (no encoder): all members tell it.
 */
export function tellsAnotherStory(
  earlier: readonly string[],
  wave: readonly string[],
  embedText: (text: string) => Float32Array | undefined,
): boolean {
  const [a, b] = [earlier, wave].map((titles) => meanEmbedding(titles.map((t) => embedText(sampleText(t)))));
  return a !== undefined && b !== undefined && dot(a, b) < WAVE_ANOTHER_STORY_MEANING;
}
