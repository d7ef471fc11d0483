import { expect } from 'chai';
import { runExtraction, type ExtractionRun } from '@trendscope/pipeline/lab/evaluate/extraction/extraction-runs';
import { byLanguage, type PageLanguage } from '@trendscope/pipeline/lab/evaluate/extraction/page-language';
import {
  isValidationPage,
  loadTrafilaturaEval,
  scoreMetadata,
  scoreSegments,
  type EvalPage,
  type SegmentScore,
} from '@trendscope/pipeline/lab/evaluate/extraction/trafilatura-eval';
import { runTrafilatura } from '../support/trafilatura-runner';

/**
 * Extraction quality on shared/corpus/trafilatura-eval-dev (378 multilingual pages), with
 * trafilatura's own segment metric. Floors sit just under the figures reached (docs/quality.md),
 * on the held-out validation part (never tuned on, and never seen by the block classifier) and on
 * all pages.
 */
const FLOORS = {
  all: { f1: 0.925, precision: 0.92, recall: 0.925 },
  validation: { f1: 0.905, precision: 0.895, recall: 0.91 },
};
/**
 * Per language of the gold text, on all pages: pages found and the F1 floor (docs/lab-notes/extraction.md, "Per
 * language"; English is the one language where trafilatura is ahead: 0.932 against 0.908).
 */
const LANGUAGE_FLOORS: Record<PageLanguage, { pages: number; f1: number }> = {
  deu: { pages: 251, f1: 0.93 },
  eng: { pages: 69, f1: 0.9 },
  spa: { pages: 21, f1: 0.89 },
  fra: { pages: 14, f1: 0.915 },
  pol: { pages: 7, f1: 0.9 },
  other: { pages: 16, f1: 0.965 },
};
/** Shares of pages whose gold title, author and date our metadata matches (docs/quality.md). */
// Title 269 of 319 (0.843): the headline the h1 and a declared title agree on. Author 140 of 206 (0.680): comment-form
// labels refused, user names with digits kept, a degree or a site name beside the author cut.
const METADATA_FLOORS = { title: 0.84, author: 0.67, date: 0.81 };
/** How far under trafilatura's F1 on the same pages ours may be before the comparison fails (ours is 0.015 ahead). */
const MAX_F1_BEHIND_TRAFILATURA = 0;

describe('extraction quality (trafilatura-eval-dev, multilingual)', function () {
  this.timeout(180_000);

  let pages: EvalPage[];
  let run: ExtractionRun;
  let ours: SegmentScore;
  before(() => {
    pages = loadTrafilaturaEval();
    run = runExtraction(pages.map((p) => ({ id: p.key, url: p.key, bytes: p.bytes })));
    ours = scoreSegments(pages, run.text);
  });

  it(`scores F1 >= ${FLOORS.all.f1} on all 378 pages`, () => {
    expect(ours.pages).to.equal(378);
    expect(ours.f1, 'F1').to.be.at.least(FLOORS.all.f1);
    expect(ours.precision, 'precision').to.be.at.least(FLOORS.all.precision);
    expect(ours.recall, 'recall').to.be.at.least(FLOORS.all.recall);
  });

  it(`scores F1 >= ${FLOORS.validation.f1} on the held-out validation pages`, () => {
    const validation = pages.filter(isValidationPage);
    expect(validation.length).to.be.within(90, 130);
    const score = scoreSegments(validation, run.text);
    expect(score.f1, 'F1').to.be.at.least(FLOORS.validation.f1);
    expect(score.precision, 'precision').to.be.at.least(FLOORS.validation.precision);
    expect(score.recall, 'recall').to.be.at.least(FLOORS.validation.recall);
  });

  it('keeps its F1 floor in each language of the set', () => {
    const groups = byLanguage(pages);
    expect(groups.map(([language]) => language)).to.have.members(Object.keys(LANGUAGE_FLOORS));
    for (const [language, group] of groups) {
      const floor = LANGUAGE_FLOORS[language];
      expect(group.length, `${language} pages`).to.equal(floor.pages);
      expect(scoreSegments(group, run.text).f1, `${language} F1`).to.be.at.least(floor.f1);
    }
  });

  it('reads title, author and date as the annotators did on most pages', () => {
    const meta = scoreMetadata(pages, run.articles);
    for (const field of ['title', 'author', 'date'] as const) {
      expect(meta[field].correct / meta[field].pages, field).to.be.at.least(METADATA_FLOORS[field]);
    }
  });

  it('stays within reach of trafilatura on the same pages (skipped without Python)', function () {
    this.timeout(660_000); // a first run installs trafilatura (bounded at 5 minutes) before running it
    const theirs = runTrafilatura(pages.map((p) => ({ id: p.key, gzPath: p.gzPath })));
    if (!theirs) this.skip();
    const reference = scoreSegments(pages, theirs.output);
    console.log(
      `      F1 ours ${ours.f1.toFixed(3)}, trafilatura ${theirs.version} ${reference.f1.toFixed(3)}; ` +
        `CPU ms/page ours ${(run.cpuMs / pages.length).toFixed(1)}, trafilatura ${(theirs.cpuMs / pages.length).toFixed(1)}`,
    );
    // trafilatura itself must land where its published figures put it, or the comparison is void.
    expect(reference.f1).to.be.within(0.88, 0.95);
    expect(ours.f1).to.be.at.least(reference.f1 - MAX_F1_BEHIND_TRAFILATURA);
  });
});
