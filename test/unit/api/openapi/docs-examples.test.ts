import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'chai';
import { TREND_ID_PATTERN, REPO_ROOT } from '@trendscope/core';
import { buildOpenApi } from '@trendscope/api/openapi/build-openapi';
import { renderDocsPage } from '@trendscope/api/openapi/render-docs';
import { ROUTE_SPECS } from '@trendscope/api/routes/route-specs';

/** Every trend id written as an example: `tr_` and what follows up to a non-word character. */
function exampleIds(text: string): string[] {
  return [...text.matchAll(/\btr_\w+/g)].map((m) => m[0]);
}

describe('example trend ids', () => {
  const sources: Array<[string, string]> = [
    ['README.md', readFileSync(`${REPO_ROOT}README.md`, 'utf8')],
    ...readdirSync(`${REPO_ROOT}docs`)
      .filter((f) => f.endsWith('.md'))
      .map((f): [string, string] => [`docs/${f}`, readFileSync(`${REPO_ROOT}docs/${f}`, 'utf8')]),
    ['the /docs page', renderDocsPage(buildOpenApi(ROUTE_SPECS, 'http://127.0.0.1:8080'))],
    ['/docs/openapi.json', JSON.stringify(buildOpenApi(ROUTE_SPECS, 'http://127.0.0.1:8080'))],
  ];

  it('the /docs page shows at least one', () => {
    expect(exampleIds(sources.find(([name]) => name === 'the /docs page')?.[1] ?? '')).to.not.be.empty;
  });

  for (const [name, text] of sources) {
    it(`every one in ${name} matches the published pattern ${TREND_ID_PATTERN.source}`, () => {
      const bad = exampleIds(text).filter((id) => !TREND_ID_PATTERN.test(id));
      expect(bad, name).to.deep.equal([]);
    });
  }
});

describe('the /docs page: parameter patterns in words', () => {
  const page = renderDocsPage(buildOpenApi(ROUTE_SPECS, 'http://127.0.0.1:8080'));

  it('says what q, trend_id and domain accept in words, never as a raw regular expression', () => {
    expect(page).to.include('1 to 256 characters after trimming white space');
    expect(page).to.include('a hostname such as reuters.com');
    expect(page).to.include('a trend id: tr_ and 8 to 32 characters');
    expect(page).to.not.match(/pattern <code>/);
  });
});
