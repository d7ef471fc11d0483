import { expect } from 'chai';
import {
  cleanBody,
  countWords,
  MIN_BODY_WORDS,
  MIN_PROSE_SHARE,
  NOTICE_MAX_WORDS,
} from '@trendscope/pipeline/sanitise/clean-body';

/** A paragraph of exactly `n` words of prose ending in a full stop. */
function words(n: number, word = 'market'): string {
  return `${Array.from({ length: n }, () => word).join(' ')}.`;
}

describe('cleanBody', () => {
  describe('retention thresholds', () => {
    it(`retains a body of exactly ${MIN_BODY_WORDS} words`, () => {
      const result = cleanBody(`<p>${words(MIN_BODY_WORDS)}</p>`);
      expect(result.retained).to.be.true;
      expect(result.reason).to.equal(undefined);
    });

    it(`does not retain a body of ${MIN_BODY_WORDS - 1} words (too_short)`, () => {
      const result = cleanBody(`<p>${words(MIN_BODY_WORDS - 1)}</p>`);
      expect(result.retained).to.be.false;
      expect(result.reason).to.equal('too_short');
      expect(result.text).to.equal(words(MIN_BODY_WORDS - 1));
    });

    it('does not retain an empty or missing body (empty)', () => {
      expect(cleanBody(null)).to.deep.include({ text: '', retained: false, reason: 'empty' });
      expect(cleanBody('<script>only()</script><p>   </p>')).to.deep.include({ retained: false, reason: 'empty' });
    });

    it('counts each CJK character as a word', () => {
      expect(countWords('建国35周年纪念')).to.equal(7);
      expect(countWords('hello world, 2019')).to.equal(3);
      expect(cleanBody(`<p>${'纪'.repeat(MIN_BODY_WORDS)}。</p>`).retained).to.be.true;
    });

    it(`does not retain a menu-like body with under ${MIN_PROSE_SHARE * 100}% prose (boilerplate)`, () => {
      const menu = Array.from({ length: 40 }, (_, i) => `<li>Section ${i}</li>`).join('');
      const result = cleanBody(`<ul>${menu}</ul><p>${words(20)}</p>`);
      expect(result.retained).to.be.false;
      expect(result.reason).to.equal('boilerplate');
    });

    it('retains a body whose prose share is just above the threshold', () => {
      // 6 short lines (36 chars) against one prose line of 7 words ending in a full stop (> 36).
      const menu = Array.from({ length: 6 }, () => '<li>Menu</li>').join('');
      const result = cleanBody(`<ul>${menu}</ul><p>${words(MIN_BODY_WORDS)}</p>`);
      expect(result.retained).to.be.true;
    });

    it(`does not retain a cookie or paywall notice under ${NOTICE_MAX_WORDS} words`, () => {
      const notice = `<p>${words(60)} Subscribe to continue reading this article.</p>`;
      expect(cleanBody(notice)).to.deep.include({ retained: false, reason: 'boilerplate' });
    });

    it(`retains a long article that mentions cookies in passing (${NOTICE_MAX_WORDS} words or more)`, () => {
      const article = `<p>${words(NOTICE_MAX_WORDS)} We use cookies, the bakery owner joked.</p>`;
      expect(cleanBody(article).retained).to.be.true;
    });
  });

  describe('fallback', () => {
    it('uses the fallback when the main body is too short and the fallback is not', () => {
      const result = cleanBody('<p>Too short.</p>', `<p>${words(80, 'fallback')}</p>`);
      expect(result.retained).to.be.true;
      expect(result.text).to.include('fallback fallback');
    });

    it('keeps the main body when it is good enough', () => {
      const result = cleanBody(`<p>${words(80, 'main')}</p>`, `<p>${words(80, 'fallback')}</p>`);
      expect(result.text).to.include('main main');
      expect(result.text).not.to.include('fallback');
    });

    it('reports the reason when neither body is retained', () => {
      const result = cleanBody(null, '<p>Short teaser.</p>');
      expect(result).to.deep.include({ retained: false, reason: 'too_short', text: 'Short teaser.' });
    });
  });

  describe('plain text and redaction', () => {
    it('keeps paragraphs as blank lines and redacts personal data with counts', () => {
      const html = `<h2>Update</h2><p>${words(30)}</p><p>Contact the desk at desk@example.com or +44 20 7946 0958.</p><p>${words(30)}</p>`;
      const result = cleanBody(html);
      expect(result.text.split('\n\n')).to.have.length(4);
      expect(result.text).to.include('Contact the desk at [email] or [phone].');
      expect(result.redactions).to.deep.equal({ email: 1, phone: 1, card: 0, iban: 0, ip: 0, ssn: 0 });
    });
  });
});
