import { expect } from 'chai';
import { escapeRegExp } from '@trendscope/core';

describe('escapeRegExp: a text matched literally', () => {
  it('matches the text itself and nothing its pattern characters would', () => {
    const text = 'Jos. A. Bank (JOSB) $1.8 [bn]? a+b|c^d\\e{2}*';
    expect(new RegExp(`^${escapeRegExp(text)}$`).test(text)).to.equal(true);
    expect(new RegExp(`^${escapeRegExp('Jos.')}$`).test('Josh')).to.equal(false);
  });
});
