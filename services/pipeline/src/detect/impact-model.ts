import path from 'node:path';
import { IMPACT_FEATURES, type ImpactInput } from './impact-features';
import { type LinearTerms, readLinearModelFile } from './linear-model-file';
import type { RubricReadings } from './rubric-readings';

/** The committed impact model (rebuilt byte for byte by lab/train/fit-impact-model.ts, `make impact-model`). */
export const DEFAULT_IMPACT_MODEL_PATH = path.resolve(import.meta.dirname, '..', '..', 'models', 'impact-model.json');

/**
 * A ridge regression of the rated business impact (mean of three raters, 1-10) on the impact
 * features and on the headline embedding: raw = bias + sum of weight * (feature - mean) / scale over
 * both. The score spreads raw around
 * `center` by `stretch` (so that scores spread over the scale as the ratings do, which the
 * regression's shrinkage towards the mean would not), rounds and clamps to 1..10.
 */
export interface ImpactModel extends LinearTerms {
  features: string[];
  bias: number;
  center: number;
  stretch: number;
  lambda: number;
  /** The same regression's terms for the headline embedding (one per dimension). */
  embedding: LinearTerms;
  /** The regression on the text features alone, for a trend without an embedding (no encoder). */
  text_only: Omit<ImpactModel, 'features' | 'embedding' | 'text_only'>;
}

let committed: ImpactModel | undefined;

/**
 * Reads a model file, checked as linear-model-file.ts says: its features, and a positive scale per
 * feature in each of its three sets of terms (text features, embedding, text features alone).
 */
export function loadImpactModel(file: string = DEFAULT_IMPACT_MODEL_PATH): ImpactModel {
  if (file === DEFAULT_IMPACT_MODEL_PATH && committed) return committed;
  const model = readLinearModelFile<ImpactModel>(file, IMPACT_FEATURES, (m) => ({
    scale: m,
    'embedding.scale': m.embedding,
    'text_only.scale': m.text_only,
  }));
  if (file === DEFAULT_IMPACT_MODEL_PATH) committed = model;
  return model;
}

/** Each feature's contribution to the raw prediction (weight * standardised value). */
export function impactContributions(
  model: Pick<ImpactModel, 'mean' | 'scale' | 'weights'>,
  values: readonly number[],
): number[] {
  return values.map((v, i) => (model.weights[i]! * (v - model.mean[i]!)) / model.scale[i]!);
}

/** The embedding's contribution to the raw prediction; 0 (the rated stories' mean) without one. */
export function meaningPoints(model: ImpactModel, embedding: ImpactInput['embedding']): number {
  if (!embedding || embedding.length !== model.embedding.weights.length) return 0;
  const e = model.embedding;
  let sum = 0;
  for (let j = 0; j < e.weights.length; j++) sum += (e.weights[j]! * (embedding[j]! - e.mean[j]!)) / e.scale[j]!;
  return sum;
}

/** The 1-10 score of a raw prediction. */
export function impactScore(model: Pick<ImpactModel, 'center' | 'stretch'>, raw: number): number {
  return Math.min(10, Math.max(1, Math.round(model.center + model.stretch * (raw - model.center))));
}

/** Share of a story's texts that must report a macro release or a central banker's remark for their bounds. */
export const RELEASE_SHARE = 0.5;

/**
 * Business events that make any story more than its kind alone (a deal, results, a central bank,
 * the economy's figures, a recall, funding, a restructuring, a law or a tax): the core each list of
 * weightier kinds below adds to.
 */
const BUSINESS_EVENT_KINDS = [
  'deal',
  'ipo',
  'earnings',
  'restructuring',
  'central_bank',
  'central_bank_remark',
  'macro_data',
  'macro_release',
  'major_macro_release',
  'recall',
  'funding',
  'policy',
] as const;

/** Event kinds that make an analyst's note part of a larger story (a deal, results, a ruling ...). */
const WEIGHTIER_KINDS = [...BUSINESS_EVENT_KINDS, 'enforcement', 'geopolitics'] as const;

/** Whether a story's texts report none of these kinds of event (features `event_<kind>` all 0). */
function noEventOf(at: (name: string) => number, kinds: readonly string[]): boolean {
  return kinds.every((k) => at(`event_${k}`) === 0);
}

/**
 * Bounds the rubric itself sets on a score (services/pipeline/data/impact-ratings/RUBRIC.md), from
 * the features in IMPACT_FEATURES order: a takeover of $50B or more is 9-10 ("Broadcom raises
 * hostile bid for Qualcomm to $121 billion" was served 8), and an analyst's note on a stock with no
 * weightier event and no amount of $1B or more is at most 4 (an upgrade of JC Penney was served 6);
 * a listing or deal of $1M to $1B naming no large company is at most 6 (the rubric's mid-size deal:
 * Virtu Financial's $100 million IPO filing was served 8); someone's bill, a prize or an object's
 * price with no company and no weightier event is a curiosity, at most 2 (a $284 billion electric
 * bill was served 4); an economy's headline statistic released with its figure, or a central
 * banker's view on policy, is at least 7, and another statistic's release at least 6 (China's
 * industrial output, a Fed president on tapering and US job openings were served 6, 5 and 4); a
 * market report with no weightier event is at most 6 (two index moves were served 7); a film, a
 * show or a star told by most texts, with no business event, company or amount, is at most 2 (a
 * film trailer covered by a business outlet was served 3).
 * With the story's readings (rubric-readings.ts), their bounds too (readingBounds).
 */
export function rubricBounds(values: readonly number[], readings?: RubricReadings): { min: number; max: number } {
  const attack = Math.max(readings?.terror_attack ?? 0, readings?.mass_attack ?? 0) >= RELEASE_SHARE;
  const bounds = featureBounds(values, (readings?.large_deal ?? 0) > 0, attack);
  return readings ? readingBounds(bounds, values, readings) : bounds;
}

/**
 * The features' bounds; `largeDeal`: the whole story tells a deal of $5B or more (no mid-size ceiling
 * then); `attack`: most texts tell a deadly attack of terror or of dozens killed in a major economy,
 * which a concert or a festival as its place makes no entertainment story (no entertainment ceiling).
 */
function featureBounds(values: readonly number[], largeDeal = false, attack = false): { min: number; max: number } {
  const at = (name: string): number => values[IMPACT_FEATURES.indexOf(name)] ?? 0;
  // The money feature is log10(US dollars) - 6 (impact-features.ts).
  const usdLog = at('money') > 0 ? at('money') + 6 : 0;
  if (at('event_deal') > 0 && usdLog >= Math.log10(50e9)) return { min: 9, max: 10 };
  // A listing or deal of under $1B by no large company is a small or mid-size deal (5-6 at most),
  // unless the story's own deal size, read from all its members, is large.
  if (
    (at('event_ipo') > 0 || at('event_deal') > 0) &&
    usdLog > 6 &&
    usdLog < 9 &&
    at('large_company') === 0 &&
    !largeDeal
  ) {
    return { min: 1, max: 6 };
  }
  if (at('event_analyst_note') > 0 && usdLog < 9 && noEventOf(at, WEIGHTIER_KINDS)) {
    return { min: 1, max: 4 };
  }
  // Someone's bill, a prize or an object's price, with no company and no weightier event: a curiosity.
  if (at('money_personal') > 0 && usdLog === 0 && at('large_company') === 0 && noEventOf(at, WEIGHTIER_KINDS)) {
    return { min: 1, max: 2 };
  }
  // A statistic of an economy released with its figure, or a central banker's view on policy, told
  // by most of the story's texts: at least a sector's clear relevance (the raters: 6.33 to 7.33).
  if (at('event_major_macro_release') >= RELEASE_SHARE || at('event_central_bank_remark') >= RELEASE_SHARE) {
    return { min: 7, max: 10 };
  }
  if (at('event_macro_release') >= RELEASE_SHARE) return { min: 6, max: 10 };
  // Prices moving, told by most of the story's texts, with no decision, deal, results or release
  // beside them (an economy or a conflict named as the cause does not count): a day's market report,
  // which the raters put at 4-6.33 every time (10 rated stories).
  if (at('event_markets') >= RELEASE_SHARE && noEventOf(at, MARKET_WEIGHTIER_KINDS)) {
    return { min: 1, max: 6 };
  }
  // A film, a show or a star, told by most of the story's texts, with no business event, company or
  // amount beside it: the rubric's "no business relevance", 1-2. The raters put all 14 such stories
  // at 1.00-2.67 (2026-12-06; the two at 2.67 were autism studies, which a pregnancy beside a study no
  // longer reads as entertainment: event-kinds.ts).
  if (
    !attack &&
    at('event_entertainment') >= RELEASE_SHARE &&
    usdLog === 0 &&
    at('large_company') === 0 &&
    at('company_form') === 0 &&
    noEventOf(at, WEIGHTIER_KINDS)
  ) {
    return { min: 1, max: 2 };
  }
  return { min: 1, max: 10 };
}

/** Events that make a market report more than one (the market's cause named alone does not). */
const MARKET_WEIGHTIER_KINDS = WEIGHTIER_KINDS.filter((k) => k !== 'macro_data' && k !== 'geopolitics');

/**
 * The bounds of the rubric's readings (rubric-readings.ts), told by most of the story's texts
 * (RELEASE_SHARE), within those of the features (a floor never lifts a score above a ceiling the
 * features set, nor a ceiling lowers one below their floor): a deal between two large companies is
 * the rubric's large merger, at least 7 (Comcast-Time Warner Cable was served 6), as is a story
 * about a deal of $5B or more, its size read from all its members (story-deal.ts: Bouygues' $15.8B
 * bid for SFR, an amount 3 of its 34 headlines tell, was served 6), and a major
 * recall (a large company's recall under an official probe, or a million units) at least 7 (the
 * probe of GM's ignition-switch recall was served 6); a merger naming both parties is at least the
 * rubric's mid-size deal, 5 (Chiquita-Fyffes was served 4), a large company's executive leaving
 * or arriving at least the news of one company, 3 (EXECUTIVE_CHANGE_FLOOR), and a launch told by a
 * story that names a large company at least 4 (COMPANY_LAUNCH_FLOOR); a missile fired over a country
 * is the rubric's geopolitical shock, at least 7 (North Korea's over Japan was served 5, its rated
 * twin 7.67), as is a regulator's rule for a whole industry, the rubric's industry-wide regulation
 * (the FDA's new food labels were served 5; the rated rearview-camera rule 6.67). A remark reports no decision: a
 * central banker's view on policy where no text tells a decision is at most 7 (the rubric's 9-10 is
 * a central-bank decision; ECB's Noyer "not happy" with the euro was served 8), and an official's
 * words with no decision, no deal, release or shock beside them at most 6 (China's premier on debt
 * risks and corruption was served 7), at most 5 when most texts are remarks on no economic subject
 * (OFFICIAL_AFFAIRS_CEILING). A day's market report is at most 6 when a currency's move
 * counts as prices moving (market_report: "Asian currencies rise as yuan steadies; rupee shines" was
 * served 7, its texts' currency words no `markets` words). A crime, a trial or a scam told by most
 * texts, with no company, amount or business event in the story, is at most 3 (CRIME_CEILING). A
 * deadly attack called terror in a major economy is at least the rubric's minor (TERROR_ATTACK_FLOOR:
 * the Nice truck attack was served 2, its rated twin 4.00) and one with a toll of dozens at least 3
 * (MASS_ATTACK_FLOOR: the Las Vegas shooting was served 1, rated 3.00), a leak of documents on offshore finance
 * material for national markets, at least 7 (the Panama Papers were served 4, rated 7.00), and a survey
 * of people's drug, alcohol or tobacco use with no company, market, policy or action beside it a health
 * study of no commercial consequence, at most 3 (USE_SURVEY_CEILING).
 */
function readingBounds(
  bounds: { min: number; max: number },
  values: readonly number[],
  r: RubricReadings,
): { min: number; max: number } {
  const at = (name: string): number => values[IMPACT_FEATURES.indexOf(name)] ?? 0;
  let { min, max } = bounds;
  const floor = (to: number): void => {
    if (max >= to) min = Math.max(min, to);
  };
  const ceiling = (to: number): void => {
    if (min <= to) max = Math.min(max, to);
  };
  if (r.large_company_deal >= RELEASE_SHARE || r.large_deal > 0 || r.major_recall >= RELEASE_SHARE) floor(7);
  if (r.named_merger >= RELEASE_SHARE) floor(5);
  if (r.executive_change >= RELEASE_SHARE) floor(EXECUTIVE_CHANGE_FLOOR);
  if (r.company_launch >= RELEASE_SHARE && at('event_entertainment') < RELEASE_SHARE) floor(COMPANY_LAUNCH_FLOOR);
  if (r.missile_overflight >= RELEASE_SHARE || r.industry_rule >= RELEASE_SHARE) floor(7);
  if (at('event_central_bank_remark') > 0 && r.central_bank_decision === 0) ceiling(7);
  if (r.official_remark >= RELEASE_SHARE && noEventOf(at, OFFICIAL_EVENT_KINDS)) {
    ceiling(r.remark_off_economy > RELEASE_SHARE ? OFFICIAL_AFFAIRS_CEILING : 6);
  }
  // The market-report ceiling of the features, with a currency's move read as a market's.
  if (r.market_report >= RELEASE_SHARE && noEventOf(at, MARKET_WEIGHTIER_KINDS)) ceiling(6);
  if (
    r.crime_without_company >= RELEASE_SHARE &&
    at('money') === 0 &&
    at('large_company') === 0 &&
    at('company_form') === 0 &&
    noEventOf(at, CRIME_WEIGHTIER_KINDS)
  ) {
    ceiling(CRIME_CEILING);
  }
  if (r.terror_attack >= RELEASE_SHARE) floor(TERROR_ATTACK_FLOOR);
  if (r.mass_attack >= RELEASE_SHARE) floor(MASS_ATTACK_FLOOR);
  if (r.offshore_leak >= RELEASE_SHARE) floor(7);
  if (
    r.use_survey >= RELEASE_SHARE &&
    at('large_company') === 0 &&
    at('company_form') === 0 &&
    noEventOf(at, USE_SURVEY_WEIGHTIER_KINDS)
  ) {
    ceiling(USE_SURVEY_CEILING);
  }
  return { min, max };
}

/**
 * The least a deadly attack called terror in a major economy scores (rubric-readings.ts'
 * terror_attack): its business weight is a sector's (travel, tourism) and a national market's mood,
 * the rubric's minor at least. The raters put the Nice truck attack at 4.00 ("some tourism impact")
 * and the Las Vegas shooting, which names no country, 3.00; a real demo served the Nice attack 2.
 */
export const TERROR_ATTACK_FLOOR = 4;

/**
 * The least a deadly attack with a toll of dozens in a major economy scores, called terror or not: the
 * raters put the Las Vegas shooting (58 killed) at 3.00 ("limited economic consequence"); a real demo
 * served it 1. A local shooting, with no mass toll, is left to the model (the rubric's local crime, 1).
 */
export const MASS_ATTACK_FLOOR = 3;

/**
 * The most a survey of people's use of a drug, alcohol or tobacco scores when no company, deal,
 * market, policy or enforcement stands beside it: the rubric's health study of no commercial
 * consequence (1-2), a point of room. A real demo served "Cocaine Use In America Down But Marijuana Use
 * Up" 4, for the $100 billion its users spend.
 */
export const USE_SURVEY_CEILING = 3;

/**
 * The most an official's words score when most of a story's texts are remarks on no economic subject
 * (more than half: rubric-readings.ts' remark_off_economy; diplomacy, corruption, a campaign) and no decision, deal,
 * release or shock stands beside them: politics scores by its economic consequence, and a remark on
 * relations names none; one point under the remark ceiling of 6 for the economic remark a press
 * conference may hold beside it. No rated story reads an official's remark; a real demo served "China,
 * US should expand common interests: Premier Li" (its texts on US ties and corruption, one on debt
 * risks) 6, which two readings of the demo put at 4-5 and 5-6.
 */
export const OFFICIAL_AFFAIRS_CEILING = 5;

/**
 * The least a large company's executive change scores: the rubric's minor band (a small company's
 * news, 3-4) is the least of one company's news, which the raters put at 4-5 for the three rated
 * changes (Barclays' board, the Bank of England's deputy, Tesla's China head); Disney's TV chief
 * leaving, filed as entertainment, was served 1.
 */
export const EXECUTIVE_CHANGE_FLOOR = 3;

/**
 * The least a launch told by a story that names a large company scores: the rubric's notable launch
 * is 5-6 and a minor feature 3-4; the raters put every rated launch of a large company at 4.00-5.00
 * (Amazon Dash, AOL's ad platform, Amazon's phone, SpaceX's Falcon Heavy), and those of smaller
 * makers (Oppo, Toshiba) at 3.00. A real demo served Titanfall's launch on Microsoft's console 2 and
 * SpaceX's cargo launch 3. A star's debut on a large company's app is entertainment: no floor.
 */
export const COMPANY_LAUNCH_FLOOR = 4;

/**
 * The most a crime, a trial or a scam scores when most of a story's texts tell one with no company
 * or market as its subject and no text of the story names a company or an amount: the rubric's
 * little business relevance. The raters put the four rated such stories at 1.00-3.00 (an Egyptian
 * ex-president's sentence, the Louisiana 'Nigerian prince' scammer, a star's fan arrested, the IRS
 * chasing identity thieves); held out the scammer was 4. A real demo served a governor's trial
 * ("Prosecutors oppose McDonnell bid for more details") 4.
 */
export const CRIME_CEILING = 3;

/**
 * Events beside a crime that make it business news: a deal, results, a market, a central bank, the
 * economy's figures, a recall, funding, a restructuring, or a law or a tax (a bill against seafood
 * fraud, tax-refund fraud). An enforcement word ("charged", "jury") is the crime itself.
 */
const CRIME_WEIGHTIER_KINDS = [...BUSINESS_EVENT_KINDS, 'markets'] as const;

/** Events beside a use survey that make it business news: those beside a crime, and an enforcement (an FDA action). */
const USE_SURVEY_WEIGHTIER_KINDS = [...CRIME_WEIGHTIER_KINDS, 'enforcement'] as const;

/** Events beside an official's words that make them more than a remark (a deal, a release, a shock ...). */
const OFFICIAL_EVENT_KINDS = [
  'deal',
  'ipo',
  'earnings',
  'enforcement',
  'central_bank',
  'macro_release',
  'major_macro_release',
  'recall',
  'funding',
  'geopolitics',
] as const;

/** The served 1-10 score: the model's, within the rubric's bounds. */
export function boundedScore(
  model: Pick<ImpactModel, 'center' | 'stretch'>,
  raw: number,
  values: readonly number[],
  readings?: RubricReadings,
): number {
  const { min, max } = rubricBounds(values, readings);
  return Math.min(max, Math.max(min, impactScore(model, raw)));
}
