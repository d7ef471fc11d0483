import { expect } from 'chai';
import fc from 'fast-check';
import { collectIssues, SEARCH_PARAMS } from '@trendscope/core';
import { trimmedLengthPattern } from '@trendscope/api/openapi/joi-to-parameters';

// Characters around the edges of trim(): ECMAScript white space, and ones Python's \s also counts.
const UNITS = ['a', 'b', ' ', '\t', '\n', '\f', '\u00a0', '\u2003', '\u3000', '\ufeff', '\u001c', '\u0085', '-'];

describe('trimmedLengthPattern (the published form of a trimmed 1..N string)', () => {
  const q = new RegExp(trimmedLengthPattern(1, 256), 'u');

  it('counts the characters left once white space is trimmed from both ends', () => {
    for (const ok of ['a', '  a  ', 'a b', 'a'.repeat(256), ` ${'a'.repeat(256)}\f\u3000`])
      expect(q.test(ok), ok).to.equal(true);
    for (const bad of ['', '   ', '\t\n', 'a'.repeat(257), ` ${'a'.repeat(257)} `])
      expect(q.test(bad), bad).to.equal(false);
  });

  it('accepts exactly what the q parameter accepts', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...UNITS), maxLength: 300 }), (raw) => {
        const accepted = collectIssues(SEARCH_PARAMS, { q: raw }, 'query').issues.length === 0;
        expect(q.test(raw), JSON.stringify(raw)).to.equal(accepted);
      }),
      { numRuns: 500 },
    );
  });
});
